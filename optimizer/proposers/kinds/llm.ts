import { inputError } from '../../../src/index.ts';
import { LlmProposer, llmProposerId } from '../llm/proposer.ts';
import type { ProposerFields, ProposerKind } from './proposer-kind.ts';

/** The LLM proposer (optimizer/proposers/llm/): a model reads the failed trajectories and rewrites. */
export const llmProposerKind: ProposerKind = {
  takesModel: true,
  check: (settings) => void llmProposerModel(settings),
  create: (settings, chat) => new LlmProposer(chat(llmProposerModel(settings))),
  ownsProposerId: (id) => id.startsWith(llmProposerId('')),
  simulated: false,
  describe: (id) => id,
  models: (settings) => (settings.model === undefined ? [] : [settings.model]),
  recurringJobsOnly: false,
};

function llmProposerModel(settings: ProposerFields): string {
  if (settings.model === undefined) throw inputError('--proposer llm needs a model: --proposer-model NAME (or --model NAME)');
  return settings.model;
}
