import type { TraceStore } from '../traces/index.ts';
import { PROPOSER_KINDS, proposerKind, type Proposer, type ProposerConfig, type ToolReflectionRecord } from '../optimizer/index.ts';
import { chatClient, type ModelClientSetup } from './model-clients.ts';
import type { SearchFlags } from './options.ts';

/** The proposer the flags choose; a proposer that takes a model gets --proposer-model, else --model. */
export function proposerSelection(flags: Pick<SearchFlags, 'proposer' | 'proposerModel' | 'model'>): ProposerConfig {
  const model = flags.proposerModel ?? flags.model;
  return { kind: flags.proposer, ...(PROPOSER_KINDS[flags.proposer].takesModel && model !== undefined ? { model } : {}) };
}

/** Refuses proposer settings no proposer can be built from; the CLI calls it before it opens a store. */
export function checkProposer(config: ProposerConfig): void {
  proposerKind(config).check(config);
}

export function createProposer(config: ProposerConfig, store: TraceStore, setup: ModelClientSetup = {}): Proposer<ToolReflectionRecord> {
  return proposerKind(config).create(config, (model) => chatClient(model, store, setup));
}
