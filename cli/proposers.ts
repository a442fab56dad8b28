import * as z from 'zod';
import type { TraceStore } from '../traces/index.ts';
import { createSimProposer, LlmProposer, type Proposer, type ToolReflectionRecord } from '../optimizer/index.ts';
import { chatClient, type ModelClientSetup } from './model-clients.ts';
import { inputError } from '../src/index.ts';
import type { SearchFlags } from './options.ts';

/** How a run's proposer is rebuilt on resume; stored with the run and read back with this schema. */
export const proposerConfigSchema = z.object({ kind: z.enum(['sim', 'llm']), model: z.string().optional() });

export type ProposerConfig = z.infer<typeof proposerConfigSchema>;

/** The proposer the flags choose; an LLM proposer's model is --proposer-model, else --model. */
export function proposerSelection(flags: Pick<SearchFlags, 'proposer' | 'proposerModel' | 'model'>): ProposerConfig {
  const model = flags.proposerModel ?? flags.model;
  return { kind: flags.proposer, ...(flags.proposer === 'llm' && model !== undefined ? { model } : {}) };
}

/** Refuses proposer settings no proposer can be built from; the CLI calls it before it opens a store. */
export function checkProposer(config: ProposerConfig): asserts config is { kind: 'sim'; model?: string } | { kind: 'llm'; model: string } {
  if (config.kind === 'llm' && config.model === undefined) throw inputError('--proposer llm needs a model: --proposer-model NAME (or --model NAME)');
}

export function createProposer(config: ProposerConfig, store: TraceStore, setup: ModelClientSetup = {}): Proposer<ToolReflectionRecord> {
  checkProposer(config);
  if (config.kind === 'sim') return lazySimProposer();
  return new LlmProposer(chatClient(config.model, store, setup));
}

/**
 * The sim proposer's English (compromise) takes about a second to load: loaded at its first proposal, so a
 * run with the LLM proposer, and the start of every search, do without it.
 */
function lazySimProposer(): Proposer<ToolReflectionRecord> {
  let loaded: Promise<Proposer<ToolReflectionRecord>> | undefined;
  return {
    id: 'sim',
    async propose(request) {
      loaded ??= createSimProposer();
      return (await loaded).propose(request);
    },
  };
}
