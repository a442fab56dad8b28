import * as z from 'zod';
import { DEFAULT_MAX_STEPS } from '../src/index.ts';
import { agentConfigSchema, agentKind, type AgentAllowance, type AgentConfig } from '../src/index.ts';
import type { CliConfig } from './config.ts';

/** The operator's allowance: the worker's tdo.config.json `agent` block (its model; its maxSteps, else LlmAgent's). */
export function agentAllowance(config: CliConfig): AgentAllowance {
  const { model, maxSteps } = config.loaded?.config.agent ?? {};
  return { ...(model === undefined ? {} : { model }), maxSteps: maxSteps ?? DEFAULT_MAX_STEPS };
}

/** Only the settings a run stores; any other (an endpoint, a key) is no job's to set. */
const jobAgentSchema = z.strictObject(agentConfigSchema.shape);

/**
 * The agent settings a job names, when this worker's operator allows them (each kind says what it needs,
 * src/agents/kinds/); otherwise why not.
 */
export function allowedAgent(settings: unknown, allowance: AgentAllowance): AgentConfig | { refused: string } {
  const parsed = jobAgentSchema.safeParse(settings);
  if (!parsed.success)
    return { refused: `its agent settings are not ones this worker knows (${parsed.error.issues[0]?.message}); is the coordinator another tdo version?` };
  const agent = parsed.data;
  const refused = agentKind(agent).workerRefusal(agent, allowance);
  return refused === undefined ? agent : { refused };
}
