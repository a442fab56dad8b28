// The mutation step: `size` mutations at once, each from a parent drawn from the pool as it stood when the
// round began. Their episodes, proposals and validations overlap, but every step on shared state (the
// component chooser, the budget and the evaluation ordinals, the pool, the journal) is taken in iteration
// order, so a round is the same for a seed however its calls interleave; with size 1 it is the sequential
// search's iteration.
import { settleMutation, type MutationOutcome } from './acceptance.ts';
import type { RecordedResult } from './config.ts';
import { gateChanges, heldBackNote, refusalsText, type Change } from './gate-step.ts';
import { deriveSeed } from './rng.ts';
import type { SearchState } from './search-state.ts';
import { Turns } from './turns.ts';
import { EvaluationInterrupted, type Candidate, type GateRefusal, type Proposal, type TaskResult, type Texts } from './types.ts';

/** One mutation of a round, planned before any of the round's episodes run. */
interface MutationPlan<Trace> {
  at: number;
  parent: Candidate;
  minibatch: string[];
  recorded: RecordedResult<Trace>[] | undefined;
  /** recorded results that stand for the parent's scores, when all are comparable */
  standIn: TaskResult<Trace>[] | undefined;
}

/** Draws one mutation's parent and minibatch, in iteration order, from the pool as its round found it. */
function planMutation<Trace, Row>(state: SearchState<Trace, Row>, at: number): MutationPlan<Trace> {
  const recorded = state.recordedBatches.shift();
  const parent = recorded === undefined ? state.pool[state.setup.selector.select(state.pool, state.rng)]! : state.pool[0]!;
  const minibatch = recorded?.map((r) => r.result.taskId) ?? state.sampler.next();
  const standIn = recorded?.every((r) => r.comparable) ? recorded.map((r) => r.result) : undefined;
  return { at, parent, minibatch, recorded, standIn };
}

export async function mutationRound<Trace, Row>(state: SearchState<Trace, Row>, size: number): Promise<void> {
  const plans = Array.from({ length: size }, (_, j) => planMutation(state, state.iteration + j));
  state.iteration += size - 1;
  const round = new Round(state, plans);
  const settled = await Promise.allSettled(plans.map((p, j) => round.run(p, j)));
  // Outcomes join the search in iteration order, up to the first mutation that did not finish.
  for (const [j, outcome] of settled.entries()) {
    if (outcome.status === 'rejected') throw round.firstError!.error;
    settleMutation(state, plans[j]!.at, plans[j]!.minibatch, outcome.value);
  }
}

class Round<Trace, Row> {
  firstError: { error: unknown } | undefined;
  private readonly choosing: Turns;
  /** child minibatches in iteration order, then validations in iteration order */
  private readonly issuing: Turns;
  private readonly parentRuns: Promise<TaskResult<Trace>[]>[];

  constructor(
    private readonly state: SearchState<Trace, Row>,
    private readonly plans: readonly MutationPlan<Trace>[],
  ) {
    this.choosing = new Turns(plans.length);
    this.issuing = new Turns(2 * plans.length);
    this.parentRuns = plans.map((p) => (p.standIn ? Promise.resolve(p.standIn) : state.evaluate('minibatch-parent', p.parent.texts, p.minibatch, p.at)));
  }

  /** One mutation; whatever becomes of it, the turns it held pass to the next. */
  run(p: MutationPlan<Trace>, j: number): Promise<MutationOutcome<Trace>> {
    return this.attempt(p, j)
      .catch((error: unknown) => {
        this.firstError ??= { error };
        throw error;
      })
      .finally(() => {
        this.choosing.pass(j);
        this.issuing.pass(j);
        this.issuing.pass(this.plans.length + j);
      });
  }

  private stopIfFailed(): void {
    if (this.firstError !== undefined) throw new EvaluationInterrupted('another mutation of this round stopped');
  }

  private async attempt(p: MutationPlan<Trace>, j: number): Promise<MutationOutcome<Trace>> {
    const parentResults = await this.parentRuns[j]!;
    const reflectOn = p.recorded?.map((r) => r.result) ?? parentResults;
    const before = parentResults.map((r) => r.score);
    // nothing to learn from a perfect minibatch (GEPA skips it too), unless the parent may not win as it is
    const { perfectScore, ranking } = this.state.setup;
    if (before.every((s) => s >= perfectScore) && (ranking.admissible?.(p.parent.texts) ?? true)) return { kind: 'skipped' };
    const { chosen, proposals, failure } = await this.propose(p, j, reflectOn);
    if (failure !== undefined && Object.keys(proposals).length === 0) throw failure.error;
    await this.issuing.reach(j);
    const { journal, config } = this.state.setup;
    const parentScores = p.standIn ? 'recorded' : p.recorded ? 'evaluated-reflecting-recorded' : 'evaluated';
    journal.proposalMade({
      iteration: p.at,
      kind: 'mutation',
      parents: [p.parent.id],
      components: chosen,
      proposer: config.proposer.id,
      proposal: proposals,
      minibatch: p.minibatch,
      parentScores,
    });
    // recorded even when the proposer failed on a later component or another mutation stopped the round: the
    // proposer's calls were made (and paid), and a resume replays them
    if (failure !== undefined) throw failure.error;
    this.stopIfFailed();
    const changed = Object.entries(proposals).flatMap(([c, pr]): Change[] => (pr.ok && pr.text !== p.parent.texts[c] ? [[c, pr.text]] : []));
    if (changed.length === 0) {
      const refusals = Object.entries(proposals).flatMap(([c, pr]) => (pr.ok ? [] : [`${c}: ${pr.reason}`]));
      const reason = refusals.length > 0 ? `proposer gave no new text (${refusals.join('; ')})` : 'the proposed texts equal the current ones';
      return { kind: 'rejected', before, after: null, reason, gateRefusals: [] };
    }
    const { passed, refusals } = gateChanges(config.gate, p.parent.texts, changed, reflectOn);
    if (passed.length === 0) return { kind: 'rejected', before, after: null, reason: refusalsText(refusals), gateRefusals: refusals };
    return this.tryChild(p, j, before, { ...p.parent.texts, ...Object.fromEntries(passed) }, refusals);
  }

  /** The components to rewrite, chosen in iteration order, and the proposer's text for each, up to its first failure. */
  private async propose(
    p: MutationPlan<Trace>,
    j: number,
    reflectOn: TaskResult<Trace>[],
  ): Promise<{ chosen: string[]; proposals: Record<string, Proposal>; failure?: { error: unknown } }> {
    const { chooser, components, config } = this.state.setup;
    await this.choosing.reach(j);
    const chosen = chooser.choose(p.parent, components, config.reflector.blame(p.parent.texts, reflectOn));
    this.choosing.pass(j);
    const proposals: Record<string, Proposal> = {};
    for (const component of chosen) {
      const dataset = config.reflector.reflectiveDataset(p.parent.texts, component, reflectOn);
      const randomSeed = deriveSeed(config.randomSeed, 'proposal', p.at, component);
      const { gate } = config;
      const screen = gate && ((text: string) => gate(p.parent.texts, { ...p.parent.texts, [component]: text }, { results: reflectOn }));
      try {
        proposals[component] = await config.proposer.propose({
          iteration: p.at,
          component,
          texts: p.parent.texts,
          dataset,
          randomSeed,
          ...(screen ? { screen } : {}),
        });
      } catch (error) {
        return { chosen, proposals, failure: { error } };
      }
    }
    return { chosen, proposals };
  }

  /** Runs the child on the parent's minibatch, and validates it when the acceptance rule keeps it. */
  private async tryChild(p: MutationPlan<Trace>, j: number, before: number[], texts: Texts, gateRefusals: GateRefusal[]): Promise<MutationOutcome<Trace>> {
    const { state } = this;
    const { acceptance, config } = state.setup;
    const held = heldBackNote(gateRefusals);
    const reject = (reason: string, after: number[] | null = null): MutationOutcome<Trace> => ({ kind: 'rejected', before, after, reason, gateRefusals });
    if (!state.budget.canAfford(p.minibatch.length)) return reject(`not enough budget left to try the child${held}`);
    const childRun = state.evaluate('minibatch-child', texts, p.minibatch, p.at);
    this.issuing.pass(j);
    const after = (await childRun).map((r) => r.score);
    const { cost } = state.setup.ranking;
    const verdict = acceptance.judge(before, after, cost && { parent: cost(p.parent.texts), child: cost(texts) });
    if (!verdict.accepted) return reject(`${verdict.reason}${held}`, after);
    await this.issuing.reach(this.plans.length + j);
    this.stopIfFailed();
    if (!state.budget.canAfford(config.valTaskIds.length)) return reject(`${verdict.reason}, but not enough budget is left to validate it${held}`, after);
    const valRun = state.evaluate('val', texts, config.valTaskIds, p.at);
    this.issuing.pass(this.plans.length + j);
    return { kind: 'accepted', texts, parent: p.parent, before, after, reason: `${verdict.reason}${held}`, gateRefusals, val: await valRun };
  }
}
