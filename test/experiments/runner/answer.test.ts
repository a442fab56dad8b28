// The answer every experiment report opens with, on an improvement, a regression and a no-difference case.
import { describe, expect, it } from 'vitest';
import { answerFor, episodesNeeded } from '../../../experiments/runner/answer.ts';
import { answerSentences } from '../../../experiments/runner/columns.ts';
import { renderExperimentHtml } from '../../../experiments/runner/report-html.ts';
import { renderExperimentMarkdown } from '../../../experiments/runner/report-md.ts';
import type { ExperimentReport } from '../../../experiments/runner/run-experiment.ts';
import { compareWithBaseline, summarizeVersion } from '../../../experiments/runner/statistics.ts';
import { renderExperimentSummary } from '../../../experiments/runner/summary.ts';
import { facts, NO_MODEL_CALLS } from './fake-report.ts';

const TASKS = 22;
const REPEATS = 3;

/** A version with `successes` of 66 episodes (22 tasks x 3 repeats), and for `chosen`, its first-choice records. */
function version(id: string, successes: number, chosen = 0) {
  const outcomes = Array.from({ length: TASKS * REPEATS }, (_, i) => ({
    task: `t${i % TASKS}`,
    success: i < successes,
    server: 'lab',
    scores: (i < chosen ? { 'chosen:lab': 1 } : {}) as Record<string, number>,
  }));
  return summarizeVersion({ id, server: 'lab', tokens: 50 }, { runId: `r-${id}`, status: 'completed', spend: NO_MODEL_CALLS }, facts(outcomes), undefined);
}

function report(ids: Array<[string, number]>, roles?: Record<string, string>): ExperimentReport {
  const results = ids.map(([id, n]) => version(id, n, n));
  const comparisons = compareWithBaseline(results, 0);
  const regressions = comparisons.filter((c) => c.regressed).map((c) => ({ suite: 'lab', version: c.version, successDelta: c.success!.delta }));
  return {
    kind: 'tdo-experiment',
    id: 'x-0000abcd',
    createdAt: '2026-11-30T00:00:00.000Z',
    agent: { id: 'sim', simulated: true },
    settings: {
      suites: ['lab'],
      split: 'test',
      versions: ids.map(([id]) => id),
      repeats: REPEATS,
      seed: 0,
      conditions: {},
      threshold: 0,
      maxErrorRate: 0,
      toolSearch: { mode: 'off', k: 5 },
    },
    versions: ids.map(([id]) => ({ id, server: 'lab', origin: 'seed', tokens: 50, ...(roles?.[id] === undefined ? {} : { role: roles[id] }) })),
    suites: [{ suite: 'lab', path: '/x/lab.yaml', targetServer: null, conditions: {}, tasks: TASKS, results, comparisons }],
    scoreNames: ['chosen:lab'],
    answers: [answerFor('lab', results, comparisons, 0, TASKS)!],
    regressions,
    outages: [],
    diffs: [],
    verdict: regressions.length > 0 ? 'regression' : 'pass',
    db: '/x/tdo.db',
  };
}

const firstLines = (r: ExperimentReport) => ({
  terminal: renderExperimentSummary(r).split('\n')[0]!,
  markdown: renderExperimentMarkdown(r).split('\n')[2]!,
  html: /<div class="answer"><p>([^<]*)<\/p>/.exec(renderExperimentHtml(r))![1]!,
});

describe('the answer a report opens with', () => {
  it('names an improvement with its interval and says it is better', () => {
    const r = report([
      ['seed', 33],
      ['tuned', 48],
    ]); // 50.0% -> 72.7%
    const [a] = r.answers;
    expect(a).toMatchObject({ best: 'tuned', baseline: 'seed', direction: 'better' });
    for (const [where, line] of Object.entries(firstLines(r))) {
      expect(line, where).toMatch(
        /Best: tuned, 72\.7% test success against 50\.0% for the first version \(seed\), \+22\.7 pts \[\+\d+\.\d pts, \+\d+\.\d pts\]: better, with 95% confidence\. Measured at 3 repeats of 22 test tasks/,
      );
    }
  });

  it('says a regression when every other version is worse than the first', () => {
    const r = report([
      ['seed', 48],
      ['inflated', 30],
    ]);
    expect(r.answers[0]).toMatchObject({ best: 'seed', change: null, direction: 'worse' });
    expect(r.verdict).toBe('regression');
    for (const [where, line] of Object.entries(firstLines(r))) {
      expect(line, where).toMatch(/^\**Best: the first version, seed, 72\.7% test success; every other version is worse, with 95% confidence\./);
    }
  });

  it('says no detectable difference, and how many repeats a change of that size would need', () => {
    const r = report([
      ['seed', 33],
      ['reworded', 37],
    ]); // +6.1 points, interval across zero
    const [a] = r.answers;
    expect(a!.direction).toBe('no detectable difference');
    expect(a!.detect).toBeCloseTo(4 / 66, 12);
    expect(a!.repeatsNeeded).toBe(Math.ceil(episodesNeeded(0.5, 4 / 66) / TASKS));
    expect(a!.repeatsNeeded).toBeGreaterThan(REPEATS);
    for (const [where, line] of Object.entries(firstLines(r))) {
      expect(line, where).toMatch(
        new RegExp(
          `no detectable difference\\. Measured at 3 repeats of 22 test tasks; detecting a change of 6\\.1 points from 50\\.0% would take about ${a!.repeatsNeeded} repeats \\(80% power\\)\\.`,
        ),
      );
    }
  });

  it('names a version better on the paraphrase split with 95% confidence when the test split cannot tell', () => {
    const r = report([
      ['seed', 33],
      ['reworded', 37],
    ]);
    const paraphraseResults = [version('seed', 20), version('reworded', 50)];
    r.suites[0]!.paraphrase = { tasks: TASKS, results: paraphraseResults, comparisons: compareWithBaseline(paraphraseResults, 0) };
    const [test, paraphrase] = answerSentences(r);
    expect(test).toMatch(/no detectable difference/);
    expect(paraphrase).toMatch(
      /^On the paraphrase split, better than the first version with 95% confidence: reworded, \+45\.5 pts \[\+\d+\.\d pts, \+\d+\.\d pts\]\.$/,
    );
    expect(renderExperimentSummary(r).split('\n')[1]).toBe(paraphrase);
    // no such sentence when the paraphrase change's interval reaches zero
    r.suites[0]!.paraphrase = { tasks: TASKS, results: paraphraseResults.slice(0, 1).concat(version('reworded', 22)), comparisons: [] };
    r.suites[0]!.paraphrase.comparisons = compareWithBaseline(r.suites[0]!.paraphrase.results, 0);
    expect(answerSentences(r)).toHaveLength(1);
  });

  it('names the versions tied with the best', () => {
    const r = report([
      ['seed', 66],
      ['tuned', 66],
      ['other', 60],
    ]);
    expect(r.answers[0]).toMatchObject({ best: 'seed', tiedWith: ['tuned'], change: null });
    for (const [where, line] of Object.entries(firstLines(r))) {
      expect(line, where).toMatch(/^\**Best: the first version, seed \(tied with tuned\), 100\.0% test success; no other version differs detectably\./);
    }
    const later = report([
      ['seed', 33],
      ['tuned', 48],
      ['again', 48],
    ]);
    expect(later.answers[0]).toMatchObject({ best: 'tuned', tiedWith: ['again'] });
    expect(firstLines(later).terminal).toMatch(/Best: tuned \(tied with again\), 72\.7% test success against 50\.0%/);
    expect(
      report([
        ['seed', 33],
        ['tuned', 48],
      ]).answers[0]!.tiedWith,
    ).toEqual([]);
  });

  it('sizes episodes for 80% power as the normal approximation gives (50% -> 60%: about 385 per version)', () => {
    expect(episodesNeeded(0.5, 0.1)).toBeGreaterThanOrEqual(385);
    expect(episodesNeeded(0.5, 0.1)).toBeLessThanOrEqual(390);
    // at the top edge the change is taken downwards
    expect(episodesNeeded(1, 0.1)).toBe(episodesNeeded(0.9, 0.1)); // 100% -> 90%, the same test as 90% -> 100%
    expect(episodesNeeded(0.3, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('gives no answer for an outage', () => {
    const r = { ...report([['seed', 33]]), verdict: 'error' as const };
    expect(answerSentences(r)).toEqual(['No answer: an outage, not a result (see below).']);
  });
});

describe('report columns', () => {
  it('show a score recorded only as 1 as the share of judged episodes, and each version with its role', () => {
    const r = report(
      [
        ['seed', 33],
        ['tuned', 48],
      ],
      { seed: 'seed', tuned: 'success-best' },
    );
    const terminal = renderExperimentSummary(r);
    expect(terminal).toContain('chosen:lab (share of episodes)');
    expect(terminal).toMatch(/seed\s+│ seed\s+│/);
    expect(terminal).toContain('72.7%'); // 48 of 66 episodes chose lab first
    const markdown = renderExperimentMarkdown(r);
    expect(markdown).toContain('| version | role · origin |');
    expect(markdown).toContain('| tuned | success-best · seed |');
    expect(markdown).not.toContain('1.000');
  });
});

describe('lint near the top of every report', () => {
  it('names the warnings a version gained against the first, by rule and tool, and says when it gained none', async () => {
    const { diffSources } = await import('../../../experiments/review/version-diff.ts');
    const { lintSentences } = await import('../../../experiments/runner/columns.ts');
    const source = (label: string, text: string) => ({ label, server: 'lab', origin: 'seed', descriptions: { add: text }, measured: null });
    const r = report([
      ['seed', 33],
      ['tuned', 48],
      ['plain', 33],
    ]);
    r.diffs = [
      diffSources(source('seed', 'Add two numbers.'), source('tuned', 'Add two numbers. Highly recommended.')),
      diffSources(source('seed', 'Add two numbers.'), source('plain', 'Add two numbers and return their sum.')),
    ];
    expect(lintSentences(r)).toEqual([
      'Lint: tuned gained 1 warning or error against seed: inflated-claim (add).',
      'Lint: plain gained no warning or error against seed.',
    ]);
    expect(renderExperimentMarkdown(r).split('\n').slice(0, 6).join('\n')).toContain('Lint: tuned gained 1 warning or error');
    // read later and from anywhere, the report names its database in the command that shows the changes
    expect(renderExperimentMarkdown(r)).toContain('Description changes seed → tuned: `tdo diff seed tuned --db /x/tdo.db`');
    expect(renderExperimentSummary(r).split('\n')[1]).toBe('Lint: tuned gained 1 warning or error against seed: inflated-claim (add).');
  });
});
