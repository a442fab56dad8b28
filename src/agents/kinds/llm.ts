import { inputError } from '../../errors.ts';
import { isLlmAgentId, llmAgentId } from '../llm/agent-id.ts';
import { DEFAULT_MAX_STEPS, LlmAgent } from '../llm/agent.ts';
import type { AgentAllowance, AgentFields, AgentKind } from './agent-kind.ts';

/** The LLM agent (src/agents/llm/): a model behind an OpenAI-compatible endpoint chooses and calls the tools. */
export const llmKind: AgentKind = {
  fromAgentFlag: (value) => (value === 'llm' ? {} : undefined),
  fromAgentsEntry: (entry) => (/^llm:./.test(entry) ? { model: entry.slice('llm:'.length) } : undefined),
  agentForms: [{ form: 'llm', what: 'OpenAI-compatible endpoint' }],
  entryForms: ['llm:MODEL'],
  takesModel: true,
  check: (settings) => void llmModel(settings),
  create(settings, chat) {
    const model = chat(llmModel(settings));
    return new LlmAgent({ model, ...(settings.maxSteps === undefined ? {} : { maxSteps: settings.maxSteps }) });
  },
  agentId: (settings) => llmAgentId(settings.model ?? ''),
  ownsAgentId: isLlmAgentId,
  simulated: false,
  describe: (id) => id,
  models: (settings) => (settings.model === undefined ? [] : [settings.model]),
  workerRefusal,
  workerConfig: (settings) => (settings.model === undefined ? undefined : `agent.model "${settings.model}"`),
};

/** The model the settings name, refusing settings the LLM agent does not read. */
function llmModel(settings: AgentFields): string {
  if (settings.persona !== undefined) throw inputError('a persona applies to the sim agent only (--agent sim:NAME)');
  if (settings.model === undefined) throw inputError('--agent llm needs --model NAME (e.g. --model gpt-4o-mini)');
  return settings.model;
}

/** The pusher of a job chooses the agent's steps within the allowance, never a model the worker does not pay for. */
function workerRefusal(settings: AgentFields, allowance: AgentAllowance): string | undefined {
  if (allowance.model === undefined) return "this worker runs no LLM agent; its operator allows one with agent.model in the worker's tdo.config.json";
  if (settings.model !== allowance.model)
    return `its LLM agent's model "${(settings.model ?? '').slice(0, 64)}" is not the one this worker runs (${allowance.model}, agent.model in the worker's tdo.config.json)`;
  const steps = settings.maxSteps ?? DEFAULT_MAX_STEPS;
  if (steps > allowance.maxSteps)
    return `its LLM agent may make ${steps} model calls per episode, more than the ${allowance.maxSteps} this worker allows; its operator raises that with agent.maxSteps in the worker's tdo.config.json`;
  return undefined;
}
