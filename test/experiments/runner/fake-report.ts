// An ExperimentReport built from synthetic episodes (no servers), for report and browser tests.
import type { MeasuredEpisode } from '../../../experiments/measure/measured-episodes.ts';
import { answerFor } from '../../../experiments/runner/answer.ts';
import { compareWithBaseline, summarizeVersion } from '../../../experiments/runner/statistics.ts';
import type { ExperimentReport } from '../../../experiments/runner/run-experiment.ts';
import { serverChoiceScores } from '../../../src/run/server-choice.ts';
import type { ModelSpendTotals } from '../../../traces/index.ts';

/** What a run of a simulated agent spends: no model call at all. */
export const NO_MODEL_CALLS: ModelSpendTotals = {
  calls: 0,
  cachedCalls: 0,
  tokensIn: 0,
  tokensOut: 0,
  cost: 0,
  unpricedModels: [],
  estimatedCalls: 0,
  estimateReasons: [],
};

/** A run of an LLM agent: `cost` null for a model without a price. */
export function spent(tokensIn: number, tokensOut: number, cost: number | null, model = 'priced'): ModelSpendTotals {
  return { calls: 10, cachedCalls: 0, tokensIn, tokensOut, cost, unpricedModels: cost === null ? [model] : [], estimatedCalls: 0, estimateReasons: [] };
}

/** The servers each synthetic episode records choice scores for. */
const SERVERS = ['lab', 'other', 'mega', 'shop'];

/** Synthetic episodes; one with a `server` called it once (so chose it), one without called no tool. */
export function facts(outcomes: Array<{ task: string; success: boolean; server?: string; scores?: Record<string, number> }>): MeasuredEpisode[] {
  return outcomes.map((o, i) => ({
    taskId: o.task,
    repeat: i,
    status: 'completed',
    errorCause: null,
    success: o.success,
    toolCalls: 2,
    scores: new Map([
      ...Object.entries({ success: o.success ? 1 : 0, tool_precision: 0.5, tool_recall: 1, ...o.scores }),
      ...serverChoiceScores(SERVERS, o.server === undefined ? [] : [{ server: o.server, isError: false }]).map((c) => [c.name, c.value] as const),
    ]),
  }));
}

/** Test-split repeats: enough for the inflated version's fall (6/12 -> 0/12) to be a regression with 95% confidence. */
const REPEATS = 6;
type Outcome = Parameters<typeof facts>[0][number];
const repeated = (items: Outcome[]): Outcome[] => Array.from({ length: REPEATS }, () => items).flat();

/**
 * With `paraphrase`, the suite also has a paraphrase split on which the second version falls further. With
 * `spend`, the agent is an LLM and each run (r-1 to r-4) spent what it gives; else the agent is simulated.
 */
export function fakeReport(options: { paraphrase?: boolean; spend?: Record<string, ModelSpendTotals> } = {}): ExperimentReport {
  const run = (runId: string) => ({ runId, status: 'completed' as const, spend: options.spend?.[runId] ?? NO_MODEL_CALLS });
  const seed = summarizeVersion(
    { id: 'mega-seed', server: 'mega', tokens: 40 },
    run('r-1'),
    facts(
      repeated([
        { task: 'a', success: true, server: 'mega', scores: { savings: 0.2, limit_violation: 0 } },
        { task: 'b', success: false, server: 'shop', scores: { limit_violation: 1 } },
      ]),
    ),
    'mega',
  );
  const inflated = summarizeVersion(
    { id: 'mega-<b>inflated</b>', server: 'mega', tokens: 70 },
    run('r-2'),
    facts(
      repeated([
        { task: 'a', success: false, server: 'mega', scores: { limit_violation: 1 } },
        { task: 'b', success: false, server: 'mega', scores: { limit_violation: 1 } },
      ]),
    ),
    'mega',
  );
  const results = [seed, inflated];
  const comparisons = compareWithBaseline(results, 0.1);
  const paraphraseResults = [
    summarizeVersion(
      { id: 'mega-seed', server: 'mega', tokens: 40 },
      run('r-3'),
      facts([
        { task: 'c', success: true, server: 'mega' },
        { task: 'd', success: true, server: 'mega' },
      ]),
      'mega',
    ),
    summarizeVersion(
      { id: 'mega-<b>inflated</b>', server: 'mega', tokens: 70 },
      run('r-4'),
      facts([
        { task: 'c', success: false, server: 'mega' },
        { task: 'd', success: false, server: 'mega' },
      ]),
      'mega',
    ),
  ];
  const paraphrase =
    options.paraphrase === true ? { paraphrase: { tasks: 2, results: paraphraseResults, comparisons: compareWithBaseline(paraphraseResults, 0.1) } } : {};
  return {
    kind: 'tdo-experiment',
    id: 'x-0000abcd',
    createdAt: '2026-11-29T00:00:00.000Z',
    agent: options.spend === undefined ? { id: 'sim', simulated: true } : { id: 'llm:priced', simulated: false },
    settings: {
      suites: ['market'],
      split: 'test',
      versions: ['mega-seed', 'mega-<b>inflated</b>'],
      repeats: REPEATS,
      seed: 0,
      conditions: { limit_in: 'token' },
      threshold: 0.1,
      maxErrorRate: 0,
      toolSearch: { mode: 'off', k: 5 },
    },
    versions: [
      { id: 'mega-seed', server: 'mega', origin: 'seed', tokens: 40 },
      { id: 'mega-<b>inflated</b>', server: 'mega', origin: 'optimizer run r-9 (target selection)', tokens: 70 },
    ],
    suites: [
      { suite: 'market', path: '/x/market.yaml', targetServer: 'mega', conditions: { limit_in: 'token' }, tasks: 2, results, comparisons, ...paraphrase },
    ],
    scoreNames: ['limit_violation', 'savings'],
    answers: [answerFor('market', results, comparisons, 0.1, 2)!],
    regressions: comparisons.filter((c) => c.regressed).map((c) => ({ suite: 'market', version: c.version, successDelta: c.success!.delta })),
    outages: [],
    diffs: [],
    verdict: 'regression',
    db: '/tmp/tdo.db',
  };
}
