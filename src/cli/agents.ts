import type { Agent } from '../agents/agent.ts';
import { LlmAgent } from '../agents/llm/agent.ts';
import { SimAgent } from '../agents/sim/agent.ts';
import { ChatClient } from '../models/chat-client.ts';
import type { ResponseCache } from '../models/response-cache.ts';
import type { TraceStore } from '../../traces/index.ts';
import { UsageError } from './errors.ts';

/** How a run's agent is rebuilt on resume; stored with the run. */
export interface AgentConfig {
  kind: 'sim' | 'llm';
  model?: string;
  maxSteps?: number;
}

/**
 * The trace store as a model client's response cache. With `reuse` false (`--no-cache`) every request
 * goes to the endpoint; the fresh answers are still stored for later runs.
 */
export function responseCache(store: TraceStore, reuse: boolean): ResponseCache {
  return { get: (k) => (reuse ? store.cacheGet(k) : undefined), put: (k, v) => store.cachePut(k, v) };
}

export function createAgent(config: AgentConfig, store: TraceStore, { reuseCache = true }: { reuseCache?: boolean } = {}): Agent {
  if (config.kind === 'sim') {
    if (config.model !== undefined) throw new UsageError('--model applies to --agent llm only; the sim agent uses no model');
    return new SimAgent();
  }
  if (config.model === undefined) throw new UsageError('--agent llm needs --model NAME (e.g. --model gpt-4o-mini)');
  let model: ChatClient;
  try {
    model = new ChatClient({ model: config.model, cache: responseCache(store, reuseCache) });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  return new LlmAgent({ model, ...(config.maxSteps === undefined ? {} : { maxSteps: config.maxSteps }) });
}

/** A label that never lets a simulated result pass for an LLM one. */
export function describeAgent(agentId: string): string {
  return agentId === 'sim' ? 'sim (simulated selection model, not an LLM)' : agentId;
}
