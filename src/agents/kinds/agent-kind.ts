import * as z from 'zod';
import type { Agent } from '../agent.ts';
import type { ChatModel } from '../../models/chat-client.ts';

/**
 * The settings an agent is built from besides its kind, one record for every kind: stored with a run beside
 * `kind` (agent-kinds.ts) and read back by every `--resume`. Each kind refuses the fields it does not read.
 */
export const agentFieldsSchema = z.object({
  /** A sim persona's name (`--agent sim:NAME`); none for the default sim. */
  persona: z.string().optional(),
  model: z.string().optional(),
  maxSteps: z.number().int().positive().optional(),
});

export type AgentFields = z.infer<typeof agentFieldsSchema>;

/** What a queue worker's operator lets a job's agent spend: the model it may call and the model calls per episode. */
export interface AgentAllowance {
  /** none: the worker runs no agent that calls a model */
  model?: string;
  maxSteps: number;
}

/**
 * One kind of agent (`--agent`): everything the commands, the reports and the queue need of it. A kind is one file
 * exporting one of these, listed in AGENT_KINDS (agent-kinds.ts).
 */
export interface AgentKind {
  /** The settings an `--agent` value names when it names this kind (`sim`, `sim:NAME`; `llm`), else undefined. */
  fromAgentFlag(value: string): AgentFields | undefined;
  /** The settings one `--agents` entry names when it names this kind (`sim`, `sim:NAME`; `llm:MODEL`), else undefined. */
  fromAgentsEntry(entry: string): AgentFields | undefined;
  /** The values of `--agent` that name it, each with what it is, as the help and the errors list them. */
  agentForms: ReadonlyArray<{ form: string; what: string }>;
  /** The forms of an `--agents` entry that name it (`llm:MODEL`). */
  entryForms: readonly string[];
  /** Whether `--model` and the config's `agent.model` name its model. */
  takesModel: boolean;
  /** Refuses settings no agent of this kind is built from, with what to fix; the CLI calls it before it opens a store. */
  check(settings: AgentFields): void;
  /** The agent the settings build (refused as `check` refuses them); `chat` is the client of a model, with the caller's cache, limits and spend. */
  create(settings: AgentFields, chat: (model: string) => ChatModel): Agent;
  /** The id the agent built from these settings will have, known before it is built. */
  agentId(settings: AgentFields): string;
  /** Whether a recorded agent id is one of this kind's. */
  ownsAgentId(id: string): boolean;
  /** Its results are simulated, never an LLM's: so marked in every report, estimate and spend line. */
  simulated: boolean;
  /** How reports name an agent of this kind, by its id. */
  describe(id: string): string;
  /** The models it calls: what the spend caps, the estimate and the endpoint check count. */
  models(settings: AgentFields): string[];
  /** Why a queue worker with this allowance refuses to run it; undefined when it runs it. */
  workerRefusal(settings: AgentFields, allowance: AgentAllowance): string | undefined;
  /** What a worker's tdo.config.json must hold to run it; undefined when every worker runs it. */
  workerConfig(settings: AgentFields): string | undefined;
}
