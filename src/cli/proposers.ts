import type { TraceStore } from '../../traces/index.ts';
import { ChatClient } from '../models/chat-client.ts';
import type { ModelRateLimiter } from '../models/rate-limiter.ts';
import { LlmProposer } from '../../optimizer/proposers/llm/proposer.ts';
import { SimProposer } from '../../optimizer/proposers/sim/proposer.ts';
import { responseCache } from './agents.ts';
import { UsageError } from './errors.ts';

/** How a run's proposer is rebuilt on resume; stored with the run. */
export interface ProposerConfig {
  kind: 'sim' | 'llm';
  model?: string;
}

export function createProposer(
  config: ProposerConfig,
  store: TraceStore,
  { reuseCache = true, rateLimiter }: { reuseCache?: boolean; rateLimiter?: ModelRateLimiter | undefined } = {},
): SimProposer | LlmProposer {
  if (config.kind === 'sim') return new SimProposer();
  if (config.model === undefined) throw new UsageError('--proposer llm needs a model: --proposer-model NAME (or --model NAME)');
  try {
    return new LlmProposer(
      new ChatClient({ model: config.model, cache: responseCache(store, reuseCache), ...(rateLimiter === undefined ? {} : { rateLimiter }) }),
    );
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
