// The optimize summary's account of the proposals it did not accept (optimizer/search/report/proposal-outcomes.ts):
// a search that accepted nothing says whether the proposer had nothing to add, and for which tools and why,
// whether the honesty gate refused what it wrote, or whether what it wrote ran and did not help.
import { type OptimizeReport, type ProposalOutcomes, proposerKindOfId, RECURRING_TASKS } from '../../optimizer/index.ts';
import { counted, proseList } from '../../src/index.ts';

/** Reports stored before it was measured have no proposalOutcomes. */
function outcomesOf(r: OptimizeReport): ProposalOutcomes | undefined {
  return r.proposalOutcomes as ProposalOutcomes | undefined;
}

/** Why the proposer gave no new text, per group of tools: too few train tasks for the sim, or nothing new to say. */
function nothingToAdd(o: ProposalOutcomes, sim: boolean): string {
  const tools = Object.keys(o.nothingToAdd).sort();
  const few = sim ? tools.filter((t) => (o.trainTasks[t] ?? 0) < RECURRING_TASKS) : [];
  const rest = tools.filter((t) => !few.includes(t));
  const why = [
    few.length === 0
      ? ''
      : `${proseList(few)} (${few.length === 1 ? 'it has' : 'each has'} fewer than ${RECURRING_TASKS} train tasks, and the sim proposer names only the jobs that come up in ${RECURRING_TASKS} tasks or more: add train tasks for ${few.length === 1 ? 'it' : 'them'}, or use --proposer llm)`,
    rest.length === 0
      ? ''
      : `${proseList(rest)} (what the trajectories, the input schema and the sibling tools hold, the description already says${screenedNote(o, rest)})`,
  ].filter((s) => s !== '');
  return `for ${o.noText} the proposer found nothing to add to ${why.join(', nor to ')}`;
}

/** Which of `tools` had edits the gate would refuse, which the proposer left out rather than spend a proposal on. */
function screenedNote(o: ProposalOutcomes, tools: readonly string[]): string {
  const screened = tools.filter((t) => (o.screened?.[t] ?? 0) > 0);
  if (screened.length === 0) return '';
  return `, or the gate would refuse what it found${screened.length === tools.length ? '' : ` for ${proseList(screened)}`}`;
}

/** One line on the proposals not accepted, or none when every proposal was accepted or none was made. */
export function proposalOutcomesLine(r: OptimizeReport): string[] {
  const o = outcomesOf(r);
  if (o === undefined || o.made === 0 || o.accepted === o.made) return [];
  const parts = [
    o.noText === 0 ? '' : nothingToAdd(o, proposerKindOfId(r.proposer)?.recurringJobsOnly ?? false),
    o.refusedByGate === 0 ? '' : `the ${r.tokenBudget ? 'honesty gate and the token budget' : 'honesty gate'} refused ${o.refusedByGate}`,
    o.notBetter === 0
      ? ''
      : `${counted(o.notBetter, 'ran and scored no higher than its parent', 'ran and each scored no higher than its parent')} on its minibatch`,
  ].filter((s) => s !== '');
  const other = o.made - o.accepted - o.noText - o.refusedByGate - o.notBetter;
  if (other > 0) parts.push(`${counted(other, 'was', 'were')} not run (the text unchanged, or no budget left)`);
  return [`why ${o.made - o.accepted} of ${counted(o.made, 'proposal was', 'proposals were')} not accepted: ${parts.join('; ')}.`];
}

/** The same for --json; null in reports stored before it was measured. */
export function proposalOutcomesJson(r: OptimizeReport) {
  const o = outcomesOf(r);
  if (o === undefined) return null;
  return {
    made: o.made,
    accepted: o.accepted,
    no_text: o.noText,
    nothing_to_add: o.nothingToAdd,
    train_tasks: o.trainTasks,
    ...(o.screened === undefined ? {} : { screened_by_proposer: o.screened }),
    refused_by_gate: o.refusedByGate,
    not_better: o.notBetter,
    why: proposalOutcomesLine(r)[0] ?? null,
  };
}
