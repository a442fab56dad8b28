import type { Agent } from '../src/index.ts';
import { LlmAgent } from '../src/index.ts';
import { SimAgent } from '../src/index.ts';
import { isSimAgentId, personaOf, simAgentId } from '../src/index.ts';
import { findPersona, personaParams, personas, type Persona } from '../src/index.ts';
import { chatClient, type ModelClientSetup } from './model-clients.ts';
import type { TraceStore } from '../traces/index.ts';
import { inputError } from '../src/index.ts';
import type { Command } from 'commander';
import * as z from 'zod';
import type { AgentSpec, SearchFlags } from './options.ts';
import type { CliConfig } from './config.ts';

/**
 * How a run's agent is rebuilt on resume; stored with the run (a suite run's `agent`, an optimize run's `agent`
 * and `agents`) and read back with this schema by every `--resume`.
 */
export const agentConfigSchema = z.object({
  kind: z.enum(['sim', 'llm']),
  /** A sim persona's name (`--agent sim:NAME`); none for the default sim. */
  persona: z.string().optional(),
  model: z.string().optional(),
  maxSteps: z.number().int().positive().optional(),
});

export type AgentConfig = z.infer<typeof agentConfigSchema>;

/** The agent settings of a new run: a flag given on the command line wins over the config's `agent` block. */
export function agentWithDefaults(given: AgentConfig, kindFromCli: boolean, config: CliConfig): AgentConfig {
  const defaults = config.loaded?.config.agent ?? {};
  const kind = kindFromCli ? given.kind : (defaults.kind ?? given.kind);
  const model = given.model ?? (kind === 'llm' ? defaults.model : undefined);
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
export function agentSelection(spec: AgentSpec): Pick<AgentConfig, 'kind' | 'persona'> {
  const persona = personaOf(spec);
  return persona === undefined ? { kind: spec === 'llm' ? 'llm' : 'sim' } : { kind: 'sim', persona };
}

/**
 * The agent --agent names, with --model when it is the LLM agent. In a search --model serves the LLM agent and
 * the LLM proposer without --proposer-model (cli/proposers.ts): with the sim agent it is the proposer's alone.
 */
export function searchAgentConfig(flags: Pick<SearchFlags, 'agent' | 'model'>): AgentConfig {
  const agent = agentSelection(flags.agent);
  return { ...agent, ...(agent.kind === 'llm' && flags.model !== undefined ? { model: flags.model } : {}) };
}

/**
 * Refuses the --agent, --agents, --model, --proposer-model and --objective combinations a search cannot read one
 * way; `who` completes "both choose who ..." with what the agents do in the command.
 */
export function checkSearchAgents(flags: SearchFlags, command: Command, who: string): void {
  if (flags.agents !== undefined && command.getOptionValueSource('agent') === 'cli')
    throw inputError(`--agent and --agents both choose who ${who}: give one of them`);
  if (flags.proposer === 'sim' && flags.proposerModel !== undefined) throw inputError('--proposer-model applies to --proposer llm only');
  const proposerTakesModel = flags.proposer === 'llm' && flags.proposerModel === undefined;
  if (flags.agents !== undefined && flags.model !== undefined && !proposerTakesModel)
    throw inputError('with --agents, name each LLM agent as llm:MODEL; --model is then the model of --proposer llm');
  if (flags.agents === undefined && flags.model !== undefined && searchAgentConfig(flags).model === undefined && !proposerTakesModel)
    throw inputError(
      `--model names the model of --agent llm and of --proposer llm (unless --proposer-model is given); here the agent is ${flags.agent} and the proposer ${flags.proposer === 'sim' ? 'sim' : 'has --proposer-model'}: drop --model`,
    );
  if (flags.objective !== undefined && flags.agents === undefined)
    throw inputError('--objective chooses between several agents: use it with --agents (e.g. --agents sim:qwen2-5-32b,sim:qwen2-5-0-5b)');
}

/** What an agent's settings build, once they are known to be buildable. */
type AgentRecipe = { kind: 'sim'; persona?: Persona } | { kind: 'llm'; model: string; maxSteps?: number };

/** Refuses settings no agent can be built from, with what to fix; the CLI calls it before it opens a store. */
export function agentRecipe(config: AgentConfig): AgentRecipe {
  if (config.kind === 'sim') {
    if (config.model !== undefined) throw inputError('--model applies to --agent llm only; the sim agent uses no model');
    if (config.persona === undefined) return { kind: 'sim' };
    const persona = findPersona(config.persona);
    if (persona === undefined)
      throw inputError(
        `unknown sim persona "${config.persona}"; the personas are: ${personas()
          .personas.map((p) => p.name)
          .join(', ')} (see \`tdo agents\`)`,
      );
    return { kind: 'sim', persona };
  }
  if (config.persona !== undefined) throw inputError('a persona applies to the sim agent only (--agent sim:NAME)');
  if (config.model === undefined) throw inputError('--agent llm needs --model NAME (e.g. --model gpt-4o-mini)');
  return { kind: 'llm', model: config.model, ...(config.maxSteps === undefined ? {} : { maxSteps: config.maxSteps }) };
}

/** The id an agent built from these settings will have (a sim's is known before it is built; an LLM's is not sim's). */
export function agentIdOf(config: AgentConfig): string {
  return config.kind === 'sim' ? simAgentId(config.persona) : `llm:${config.model ?? ''}`;
}

export function createAgent(config: AgentConfig, store: Pick<TraceStore, 'cacheGet' | 'cachePut'>, setup: ModelClientSetup = {}): Agent {
  const recipe = agentRecipe(config);
  if (recipe.kind === 'sim')
    return recipe.persona === undefined ? new SimAgent() : new SimAgent(personaParams(recipe.persona), { id: simAgentId(recipe.persona.name) });
  const model = chatClient(recipe.model, store, setup);
  return new LlmAgent({ model, ...(recipe.maxSteps === undefined ? {} : { maxSteps: recipe.maxSteps }) });
}

/** A label that never lets a simulated result pass for an LLM one. */
export function describeAgent(agentId: string): string {
  if (!isSimAgentId(agentId)) return agentId;
  const name = personaOf(agentId);
  const model = name === undefined ? undefined : findPersona(name)?.model;
  return `${agentId} (simulated selection model${model === undefined ? '' : ` fitted to ${model}'s choices`}, not an LLM)`;
}
