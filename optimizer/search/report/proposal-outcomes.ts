// What became of a search's proposals, so that a search that accepted few or none says why: the proposer
// found nothing to add (and for which tools, with how many train tasks each), the honesty gate refused
// them, or they ran and did not raise their minibatch. Read off the proposals the store recorded.
import * as z from 'zod';
import { labelMatches, type Task } from '../../../src/index.ts';
import type { OptimizerProposalRow } from '../../../traces/index.ts';

export interface ProposalOutcomes {
  made: number;
  accepted: number;
  /** mutations for which the proposer gave no new text */
  noText: number;
  /** tool -> how many times the proposer found nothing to add for it */
  nothingToAdd: Record<string, number>;
  /** tool -> its train tasks (a plan step labelled with it), for the tools of nothingToAdd */
  trainTasks: Record<string, number>;
  /** tool -> how many of its nothingToAdd the proposer found edits for that the gate would refuse (sim: detail.screened); absent when none */
  screened?: Record<string, number>;
  /** mutations whose every new description the honesty gate refused */
  refusedByGate: number;
  /** children that ran on their minibatch and did not beat their parent there */
  notBetter: number;
}

const refusal = z.object({ ok: z.literal(false), reason: z.string() });
/** A refusal whose proposer screened its edits through the gate and left some out (optimizer/proposers/sim/proposer.ts). */
const screenedRefusal = refusal.extend({ detail: z.object({ screened: z.array(z.unknown()).min(1) }).loose() });

/** The train tasks with a plan step labelled with `tool` of `server`. */
function trainTasksOf(tasks: readonly Task[], server: string, tool: string): number {
  return tasks.filter((t) => t.split === 'train' && t.plan.some((s) => s.tools.some((l) => labelMatches(l, server, tool)))).length;
}

/** A mutation's proposals, tool -> proposal, as the journal stored them (optimizer/search/journal.ts). */
function proposalsOf(p: OptimizerProposalRow): Record<string, unknown> {
  const parsed = z.record(z.string(), z.unknown()).safeParse(p.proposal);
  return parsed.success ? parsed.data : {};
}

export function proposalOutcomes(proposals: readonly OptimizerProposalRow[], tasks: readonly Task[], server: string): ProposalOutcomes {
  const out: ProposalOutcomes = { made: proposals.length, accepted: 0, noText: 0, nothingToAdd: {}, trainTasks: {}, refusedByGate: 0, notBetter: 0 };
  for (const p of proposals) {
    if (p.accepted === true) out.accepted++;
    else if (p.scoresAfter !== null) out.notBetter++;
    else if (p.kind === 'mutation' && (p.gateRefusals ?? []).length > 0) out.refusedByGate++;
    else if (p.kind === 'mutation') {
      const refused = Object.entries(proposalsOf(p)).filter(([, v]) => refusal.safeParse(v).success);
      if (refused.length > 0) out.noText++;
      for (const [tool, proposal] of refused) {
        out.nothingToAdd[tool] = (out.nothingToAdd[tool] ?? 0) + 1;
        if (screenedRefusal.safeParse(proposal).success) out.screened = { ...out.screened, [tool]: (out.screened?.[tool] ?? 0) + 1 };
      }
    }
  }
  for (const tool of Object.keys(out.nothingToAdd)) out.trainTasks[tool] = trainTasksOf(tasks, server, tool);
  return out;
}
