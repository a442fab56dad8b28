import type { ModelStepInput } from '../../traces/index.ts';
import type { Catalogue, ToolInvoker } from '../catalogue/catalogue-types.ts';
import type { DeferredTools } from '../host/tool-search-session.ts';
import type { Task } from '../suite/schema.ts';

/** A model call (or, for `sim`, one selection decision) as the agent reports it: exactly what a model step stores. */
export type ModelCallRecord = ModelStepInput;

export interface ModelCallSink {
  record(call: ModelCallRecord): void;
}

export interface AgentContext {
  task: Task;
  systemPrompt: string;
  /** The tools offered from the start: all of them, or none under deferred loading (`toolSearch`). */
  catalogue: Catalogue;
  /** Deferred loading (`--tool-search`): the agent starts with this search tool and may use only the tools its searches load. */
  toolSearch?: DeferredTools;
  tools: ToolInvoker;
  modelCalls: ModelCallSink;
  /** Seed for this episode; agents derive all randomness from it. */
  seed: number;
}

export interface AgentResult {
  /** The agent's final answer text, or null when it gave up. */
  answer: string | null;
  /** Why it stopped: 'answered', 'gave_up', 'step_limit', 'error'; the runner sets 'tool_call' on selection-only tasks. */
  stop: 'answered' | 'gave_up' | 'step_limit' | 'error' | 'tool_call';
  /** A short human-readable note (e.g. why sim gave up). */
  note?: string;
}

export interface Agent {
  /** 'sim' or 'llm:<model>'; stored with every run so a sim result is never mistaken for an LLM one. */
  readonly id: string;
  run(ctx: AgentContext): Promise<AgentResult>;
  /** Why the agent cannot attempt some of these tasks, naming them; checked before a run starts (undefined: it can). */
  refuse?(tasks: readonly Task[]): string | undefined;
}
