// The core's public surface: what optimizer/ and experiments/ may use of src/ (test/architecture/layering.test.ts
// refuses any other path into src/ from those layers). Everything re-exported here loads with the index, so it
// stays light; the episode and suite runners and the host's connections (the checks, the MCP client and the
// store) load on first call, and `tdo lint`, `diff` and `versions`, which never run an episode, never load them.

export type { Agent, AgentContext, AgentResult, ModelCallSink } from './agents/agent.ts';
export { isSimAgentId } from './agents/sim/agent-id.ts';
export type { ChatModel } from './models/chat-client.ts';

export { inputError, infrastructureError, isTdoError, TdoError, unknownVersionError } from './errors.ts';
export { readJsonFile } from './files/read-json.ts';
export { toJsonText } from './json-keys.ts';

export type { PlanStep, ServerSpec, StdioServerSpec, Suite, Task } from './suite/schema.ts';
export { loadSuite, type LoadedSuite, type SuiteReferences } from './suite/load.ts';
export { tasksForSplit } from './suite/splits.ts';
export { selectionCompetitors } from './suite/check/competitors.ts';
export type { SuiteCheck } from './suite/check/suite-check.ts';

export { advertisedDescriptions } from './host/catalogue.ts';
export type { CatalogueTool, ToolOutcome } from './host/catalogue-types.ts';
export type { Host } from './host/host.ts';

export { labelMatches, siblingName } from './checks/tool-labels.ts';

export { resolveConditions } from './run/conditions.ts';
export type { EpisodeOutcome, EpisodeSpec } from './run/episode.ts';
export { finishedEpisode, type FinishedEpisode } from './run/episode-outcome.ts';
export type { EpisodeExecutor } from './run/episode-executor.ts';
export { checkMaxErrorRate, outageCause, tallyErrors, type ErrorCause } from './run/outages.ts';
export { episodeSeed } from './run/seeds.ts';
export { DEFERRED_LOADING_SCORES, SCORE } from './run/score-names.ts';
export { DEFAULT_TOOL_SEARCH_K, type ToolSearchMode } from './host/tool-search/modes.ts';
export type { ToolSearchSettings } from './host/tool-search/settings.ts';
export { firstChoices, isServerChoiceScore, serverChoiceOf, type ServerChoice } from './run/server-choice.ts';
export type { SuiteRunStore } from './run/store-port.ts';
export type { RunReport, RunRequest } from './run/run-suite.ts';
export type { SuiteHost } from './run/suite-host.ts';

export { countCues, findCues, type CueFamily } from './text/cues.ts';
export { splitLimitClauses, statesLimit } from './text/limits.ts';
export { terminalSafe } from './text/terminal.ts';
export { trimTrailing } from './text/trailing.ts';
export { terms } from './text/words.ts';
export { findTdoText, NOT_EXECUTED_RESULT, withoutTdoText } from './text/tdo-text.ts';

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
