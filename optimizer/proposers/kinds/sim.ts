import type { Proposer } from '../../engine/types.ts';
import type { ToolReflectionRecord } from '../../adapter/reflection.ts';
import type { ProposerKind } from './proposer-kind.ts';

const SIM_PROPOSER_ID = 'sim';

/** The sim proposer (optimizer/proposers/sim/): rule-based edits read off the trajectories. */
export const simProposerKind: ProposerKind = {
  takesModel: false,
  check: () => undefined,
  create: lazySimProposer,
  ownsProposerId: (id) => id === SIM_PROPOSER_ID,
  simulated: true,
  describe: (id) => `${id} (rule-based edits read off the trajectories, not an LLM)`,
  models: () => [],
  recurringJobsOnly: true,
};

/**
 * The sim proposer's English (compromise) takes about a second to load: loaded at its first proposal, so a
 * run with the LLM proposer, and the start of every search, do without it.
 */
function lazySimProposer(): Proposer<ToolReflectionRecord> {
  let loaded: Promise<Proposer<ToolReflectionRecord>> | undefined;
  return {
    id: SIM_PROPOSER_ID,
    async propose(request) {
      loaded ??= import('../sim/proposer.ts').then(({ SimProposer }) => new SimProposer());
      return (await loaded).propose(request);
    },
  };
}
