import type { Agent } from '../src/index.ts';
import { agentFromFlag, agentKind, type AgentConfig } from '../src/index.ts';
import { chatClient, type ModelClientSetup } from './model-clients.ts';
import type { TraceStore } from '../traces/index.ts';
import { PROPOSER_KINDS } from '../optimizer/index.ts';
import { inputError } from '../src/index.ts';
import type { Command } from 'commander';
import type { AgentSpec, SearchFlags } from './options.ts';
import type { CliConfig } from './config.ts';

/** The agent settings of a new run: a flag given on the command line wins over the config's `agent` block. */
export function agentWithDefaults(given: AgentConfig, kindFromCli: boolean, config: CliConfig): AgentConfig {
  const defaults = config.loaded?.config.agent ?? {};
  const kind = kindFromCli ? given.kind : (defaults.kind ?? given.kind);
  const model = given.model ?? (agentKind({ kind }).takesModel ? defaults.model : undefined);
  const maxSteps = given.maxSteps ?? defaults.maxSteps;
  // A persona comes only from --agent sim:NAME, which also set the kind.
  return {
    kind,
    ...(given.persona === undefined ? {} : { persona: given.persona }),
    ...(model === undefined ? {} : { model }),
    ...(maxSteps === undefined ? {} : { maxSteps }),
  };
}

/** An `--agent` value as the settings a run stores. */
export function agentSelection(spec: AgentSpec): AgentConfig {
  const agent = agentFromFlag(spec);
  // agentSpec (cli/options.ts) lets through only the values that name an agent
  if (agent === undefined) throw new Error(`--agent ${spec} names no agent`);
  return agent;
}

/**
 * The agent --agent names, with --model when it is the LLM agent. In a search --model serves the LLM agent and
 * the LLM proposer without --proposer-model (cli/proposers.ts): with the sim agent it is the proposer's alone.
 */
export function searchAgentConfig(flags: Pick<SearchFlags, 'agent' | 'model'>): AgentConfig {
  const agent = agentSelection(flags.agent);
  return { ...agent, ...(agentKind(agent).takesModel && flags.model !== undefined ? { model: flags.model } : {}) };
}

/**
 * Refuses the --agent, --agents, --model, --proposer-model and --objective combinations a search cannot read one
 * way; `who` completes "both choose who ..." with what the agents do in the command.
 */
export function checkSearchAgents(flags: SearchFlags, command: Command, who: string): void {
  if (flags.agents !== undefined && command.getOptionValueSource('agent') === 'cli')
    throw inputError(`--agent and --agents both choose who ${who}: give one of them`);
  const proposerKind = PROPOSER_KINDS[flags.proposer];
  if (!proposerKind.takesModel && flags.proposerModel !== undefined) throw inputError('--proposer-model applies to --proposer llm only');
  const proposerTakesModel = proposerKind.takesModel && flags.proposerModel === undefined;
  if (flags.agents !== undefined && flags.model !== undefined && !proposerTakesModel)
    throw inputError('with --agents, name each LLM agent as llm:MODEL; --model is then the model of --proposer llm');
  if (flags.agents === undefined && flags.model !== undefined && searchAgentConfig(flags).model === undefined && !proposerTakesModel)
    throw inputError(
      `--model names the model of --agent llm and of --proposer llm (unless --proposer-model is given); here the agent is ${flags.agent} and the proposer ${proposerKind.takesModel ? 'has --proposer-model' : flags.proposer}: drop --model`,
    );
  if (flags.objective !== undefined && flags.agents === undefined)
    throw inputError('--objective chooses between several agents: use it with --agents (e.g. --agents sim:qwen2-5-32b,sim:qwen2-5-0-5b)');
}

export function createAgent(config: AgentConfig, store: Pick<TraceStore, 'cacheGet' | 'cachePut'>, setup: ModelClientSetup = {}): Agent {
  return agentKind(config).create(config, (model) => chatClient(model, store, setup));
}
