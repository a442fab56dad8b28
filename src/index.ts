// The core's public surface: what the layers above use of src/ (test/architecture/layering.test.ts refuses any
// other path into src/ from them, but for the faces of the subsystems only the CLI starts: src/host, src/models,
// src/proxy, src/gateway and src/run/queue, each of which loads an SDK). Everything re-exported here loads with the
// index, so it stays light: no MCP, model, queue or Langfuse SDK; the episode and suite runners and the host's
// connections load on first call, and `tdo lint`, `diff` and `versions`, which never run an episode, never load them.

export type { Agent, AgentContext, AgentResult, ModelCallSink } from './agents/agent.ts';
export { DEFAULT_MAX_STEPS, LlmAgent } from './agents/llm/agent.ts';
export { toFunctionTool } from './agents/llm/function-tools.ts';
export type { AgentAllowance } from './agents/kinds/agent-kind.ts';
export {
  type AgentConfig,
  AGENT_FLAG_FORMS,
  AGENT_FLAG_HELP,
  AGENTS_ENTRY_FORMS,
  MODEL_FREE_KINDS,
  agentConfigSchema,
  agentFromEntry,
  agentFromFlag,
  agentIdOf,
  agentKind,
  agentModels,
  checkAgent,
  describeAgent,
  isSimulatedAgentId,
} from './agents/kinds/agent-kinds.ts';
export { simAgentId } from './agents/sim/agent-id.ts';
export { SimAgent } from './agents/sim/agent.ts';
export { DEFAULT_SIM_PARAMS, type SimParams } from './agents/sim/params.ts';
export { wordRank } from './agents/sim/vectors/word-rank.ts';
export { endorsementLogOdds, endorsementPull, findPersona, type Persona, personaParams, personas, type PersonasFile } from './agents/sim/personas.ts';

export { CassettePlayer, CassetteRecorder, checkRecordingPath, checkReplayPath } from './models/cassette.ts';
export type { ChatModel } from './models/chat-client.ts';
export { resolveEndpoint } from './models/endpoint.ts';
export { callCost, formatCost, type ModelPrices } from './models/prices.ts';
export { ModelRateLimiter } from './models/rate-limiter.ts';
export type { ResponseCache } from './models/response-cache.ts';
export { type CapStop, ModelSpend, type SpendCaps, type Spent } from './models/spend.ts';

export { type ErrorKind, infrastructureError, inputError, isTdoError, type SeeAlso, TdoError, unknownVersionError } from './errors.ts';
export { readJsonFile } from './files/read-json.ts';
export { shareablePath } from './files/shareable-path.ts';
export { snakeCase, snakeCaseKeys, toJsonText } from './json-keys.ts';

export { CONFIG_FILE, configEnvDefaults, configServers, configSuites, findConfigPath, loadConfig, type LoadedConfig, toServerSpec } from './config/load.ts';
export { configJsonSchema, type ServerEntry, serverEntrySchema, type TdoConfig } from './config/schema.ts';

export { selectionCompetitors } from './suite-check/competitors.ts';
export { episodesToDetect, minDetectableChange, POWER, SIGNIFICANCE } from './suite-check/power.ts';
export { checkSuite, type SuiteCheck, type ToolSteps } from './suite-check/suite-check.ts';
export { balance, type Balance, heldOutStepsToShowChange, lacking, type StepMinimum, type ToolBalance } from './suite-check/balance.ts';
export { CLOSE_WORDING, type DescribedTool, type TaskOverlap, taskOverlaps, wordingOverlap, type WordingOverlap } from './suite-check/wording.ts';
export { type LoadedSuite, loadSuite, resolveSuitePath, type SuiteReferences } from './suite/load.ts';
export { storedSuitePath } from './suite/stored-suite-path.ts';
export { planSuiteDraft, type SuiteDraftPlan, writeSuiteDraft } from './suite-draft/traffic/draft.ts';
export { scaffoldSuite } from './suite/scaffold.ts';
export {
  type PlanStep,
  type ServerSpec,
  type Split,
  SPLITS,
  type StdioServerSpec,
  type Suite,
  SUITE_SCHEMA_FILE,
  suiteJsonSchema,
  type Task,
} from './suite/schema.ts';
export { tasksForSplit } from './suite/splits.ts';

export type { CatalogueTool, ToolOutcome } from './catalogue/catalogue-types.ts';
export { advertisedDescriptions } from './host/catalogue.ts';
export type { Host } from './host/host.ts';
export { DEFAULT_TOOL_SEARCH_K, MAX_TOOL_SEARCH_K, TOOL_SEARCH_MODES, type ToolSearchMode } from './catalogue/tool-search/modes.ts';
export { TOOL_SEARCH_STEP_MODEL } from './host/tool-search-session.ts';
export { resolveToolSearch, type ToolSearchSettings, toolSearchSettingsSchema } from './catalogue/tool-search/settings.ts';

export { labelMatches, siblingName } from './checks/tool-labels.ts';

export { differenceIfMeasured, differenceInterval, type DifferenceInterval, meanShare, measuredRate, type Proportion, wilson } from './measure/proportion.ts';

export { resolveConditions } from './run/conditions.ts';
export { resolveOverrides } from './run/run-versions.ts';
export { expectedAgentCalls } from './run/expected-calls.ts';
export type { EpisodeExecutor } from './run/episode-executor.ts';
export { finishedEpisode, type FinishedEpisode } from './run/episode-outcome.ts';
export type { EpisodeOutcome, EpisodeSpec } from './run/episode.ts';
export { checkMaxErrorRate, describeErrors, type ErrorCause, outageCause, tallyErrors } from './run/outages.ts';
export { parseQueueAddress } from './run/queue/queue-address.ts';
export { ServedSuites } from './run/queue/served-suites.ts';
export type { RunOptions, RunReport, RunRequest, StoredRunConfig } from './run/run-suite.ts';
export { DEFERRED_LOADING_SCORES, SCORE } from './measure/score-names.ts';
export { episodeSeed } from './run/seeds.ts';
export { firstChoiceShareName, firstChoices, isServerChoiceScore, type ServerChoice, serverChoiceOf } from './run/server-choice.ts';
export type { SuiteRunStore } from './run/store-port.ts';
export type { SuiteHost } from './run/suite-host.ts';

export { countCues, type CueFamily, findCues } from './text/cues.ts';
export { splitLimitClauses, statesLimit } from './text/limits.ts';
export { counted } from './text/counted.ts';
export { proseList } from './text/prose-list.ts';
export { english } from './text/english.ts';
export { boundedList, MAX_LISTED } from './text/bounded-list.ts';
export { findTdoText, NOT_EXECUTED_RESULT, withoutTdoText } from './text/tdo-text.ts';
export { terminalSafe } from './text/terminal.ts';
export { trimTrailing } from './text/trailing.ts';
export { terms } from './text/words.ts';
export { wordOverlap } from './text/overlap.ts';

export { asker, type Asker } from './suite-draft/model/ask.ts';
export { generatedDraftYaml, overlapBySplit, splitCountsLine } from './suite-draft/model/generated-yaml.ts';
export { estimateDraft, type DraftEstimate } from './suite-draft/model/estimate.ts';
export { DEFAULT_MAX_OVERLAP, generateDraft, type DraftedTask, type GenerateInput } from './suite-draft/model/generate.ts';
export { MIN_REQUESTS_PER_TOOL } from './suite-draft/model/split-counts.ts';
export type { DraftTool } from './suite-draft/model/tool-card.ts';

export type { TokenVerifier } from './gateway/gateway.ts';
export { parseGatewayOptions, splitPair } from './gateway/options.ts';

export { SessionRecorder } from './proxy/session-recorder.ts';
export type { UpstreamCommand } from './proxy/upstream.ts';

type RunSuite = typeof import('./run/run-suite.ts').runSuite;
type RunEpisode = typeof import('./run/episode.ts').runEpisode;
type ConnectSuiteHost = typeof import('./run/suite-host.ts').connectSuiteHost;

/** Runs a suite (src/run/run-suite.ts), loading the runner on first call. */
export async function runSuite(...args: Parameters<RunSuite>): ReturnType<RunSuite> {
  return (await import('./run/run-suite.ts')).runSuite(...args);
}

/** Runs one episode (src/run/episode.ts), loading it and the checks on first call. */
export async function runEpisode(...args: Parameters<RunEpisode>): ReturnType<RunEpisode> {
  return (await import('./run/episode.ts')).runEpisode(...args);
}

/** Connects a suite's servers (src/run/suite-host.ts), loading the MCP client on first call. */
export async function connectSuiteHost(...args: Parameters<ConnectSuiteHost>): ReturnType<ConnectSuiteHost> {
  return (await import('./run/suite-host.ts')).connectSuiteHost(...args);
}
