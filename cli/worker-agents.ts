import * as z from 'zod';
import { DEFAULT_MAX_STEPS } from '../src/index.ts';
import { agentConfigSchema, type AgentConfig } from './agents.ts';
import type { CliConfig } from './config.ts';

/** What a worker's operator lets a job's agent spend: the model it may call and the model calls per episode. */
export interface AgentAllowance {
  /** none: the worker runs no LLM agent */
  model?: string;
  maxSteps: number;
}

/** The operator's allowance: the worker's tdo.config.json `agent` block (its model; its maxSteps, else LlmAgent's). */
export function agentAllowance(config: CliConfig): AgentAllowance {
  const { model, maxSteps } = config.loaded?.config.agent ?? {};
  return { ...(model === undefined ? {} : { model }), maxSteps: maxSteps ?? DEFAULT_MAX_STEPS };
}

/** Only the settings a run stores; any other (an endpoint, a key) is no job's to set. */
const jobAgentSchema = z.strictObject(agentConfigSchema.shape);

/**
 * The agent settings a job names, when this worker's operator allows them; otherwise why not. The pusher of a job
 * chooses the agent's kind and, within the allowance, its steps: never what the worker pays for beyond it.
 */
export function allowedAgent(settings: unknown, allowance: AgentAllowance): AgentConfig | { refused: string } {
  const parsed = jobAgentSchema.safeParse(settings);
  if (!parsed.success)
    return { refused: `its agent settings are not ones this worker knows (${parsed.error.issues[0]?.message}); is the coordinator another tdo version?` };
  const agent = parsed.data;
  if (agent.kind !== 'llm') return agent;
  if (allowance.model === undefined)
    return { refused: "this worker runs no LLM agent; its operator allows one with agent.model in the worker's tdo.config.json" };
  if (agent.model !== allowance.model)
    return {
      refused: `its LLM agent's model "${(agent.model ?? '').slice(0, 64)}" is not the one this worker runs (${allowance.model}, agent.model in the worker's tdo.config.json)`,
    };
  const steps = agent.maxSteps ?? DEFAULT_MAX_STEPS;
  if (steps > allowance.maxSteps)
    return {
      refused: `its LLM agent may make ${steps} model calls per episode, more than the ${allowance.maxSteps} this worker allows; its operator raises that with agent.maxSteps in the worker's tdo.config.json`,
    };
  return agent;
}
