// The experiment's terminal summary, report.md, report.json and report.html, with and without a paraphrase split.
import { describe, expect, it } from 'vitest';
import { verdictSentence, versionTable } from '../../../experiments/runner/columns.ts';
import { renderExperimentHtml } from '../../../experiments/runner/report-html.ts';
import { renderExperimentMarkdown } from '../../../experiments/runner/report-md.ts';
import { renderExperimentSummary } from '../../../experiments/runner/summary.ts';
import { compareWithBaseline, summarizeVersion } from '../../../experiments/runner/statistics.ts';
import { facts, fakeReport, NO_MODEL_CALLS, spent } from './fake-report.ts';
import { toJsonText } from '../../../src/json-keys.ts';

type ExperimentReportJson = {
  suites: Array<{ results: Array<{ success: unknown }>; comparisons: Array<Record<string, unknown>> }>;
};

const renderings = (report: ReturnType<typeof fakeReport>) => ({
  terminal: renderExperimentSummary(report),
  markdown: renderExperimentMarkdown(report),
  json: toJsonText(report),
  html: renderExperimentHtml(report),
});

describe('experiment reports and the paraphrase split', () => {
  it('say nothing of a paraphrase split when the suite has none', () => {
    for (const [name, text] of Object.entries(renderings(fakeReport()))) expect(text, name).not.toMatch(/paraphrase/i);
  });

  it('put paraphrase success with its interval and the change against the first version beside test, never as a regression', () => {
    const report = fakeReport({ paraphrase: true });
    const suite = report.suites[0]!;
    const table = versionTable(report, suite);
    const column = (name: string) => table.rows.map((row) => row[table.head.indexOf(name)]);
    expect(table.head.slice(2, 6)).toEqual([
      'success [95% CI]',
      'Δ success vs first [95% CI]',
      'paraphrase success [95% CI]',
      'Δ paraphrase success vs first [95% CI]',
    ]);
    expect(column('paraphrase success [95% CI]')).toEqual(['100.0% [34.2%, 100.0%]', '0.0% [0.0%, 65.8%]']);
    const change = suite.paraphrase!.comparisons[0]!.success!;
    expect(change.delta).toBe(-1);
    expect(column('Δ paraphrase success vs first [95% CI]')).toEqual([
      'baseline',
      `−100.0 pts [−${(-change.low * 100).toFixed(1)} pts, −${(-change.high * 100).toFixed(1)} pts]`,
    ]);
    expect(column('Δ paraphrase success vs first [95% CI]').join(' ')).not.toContain('REGRESSION');

    const { terminal, markdown, json, html } = renderings(report);
    expect(terminal).toContain('suite market (2 test tasks and 2 paraphrase tasks x 6)');
    expect(terminal).toMatch(/paraphrase \[95% CI\].*Δ paraphrase/);
    expect(terminal).toMatch(/100\.0% \[34%, 100%\]/);
    expect(terminal).toContain('better on 0 tasks, worse on 1; paraphrase: better on 0, worse on 2');
    expect(markdown).toContain('2 test tasks and 2 paraphrase tasks');
    expect(markdown).toContain('  - paraphrase: better on 0 (none), worse on 2 (c, d)');
    expect(markdown).toMatch(/Split: test \(paraphrase beside it\)/);
    expect(markdown).toMatch(/Paraphrase: .* not part of the verdict\./);
    expect(JSON.parse(json).suites[0].paraphrase).toMatchObject({ tasks: 2, results: [{ run_id: 'r-3' }, { run_id: 'r-4' }] });
    expect(html).toContain('<th>paraphrase success [95% CI]</th><th>Δ paraphrase success vs first [95% CI]</th>');
    expect(html.match(/<svg class="chart"/g)).toHaveLength(4);
    expect(html).toContain('Paraphrase success rate (95% Wilson interval)');
    expect(html.match(/class="regression"/g)).toHaveLength(1); // the test split's regression only
  });
});

describe('experiment reports with errored episodes', () => {
  const withErrors = (verdict: 'pass' | 'error') => {
    const report = fakeReport();
    const suite = report.suites[0]!;
    suite.results[1] = {
      ...suite.results[1]!,
      episodes: suite.results[1]!.episodes + 2,
      errors: 2,
      errorCauses: [{ cause: 'MCP server mega did not answer propose', episodes: 2 }],
    };
    report.regressions = [];
    report.verdict = verdict;
    if (verdict === 'error')
      report.outages = [
        {
          suite: 'market',
          version: 'mega-<b>inflated</b>',
          split: 'test',
          runId: 'r-2',
          errors: 2,
          episodes: 14,
          cause: '2 of 14 episodes (14.3%) errored, not judged. Cause (2): MCP server mega did not answer propose.',
        },
      ];
    return renderings(report);
  };

  it('count the errors beside each version and never draw a green pass banner while any episode errored', () => {
    const { terminal, markdown, html } = withErrors('pass');
    expect(terminal).toMatch(/errored/);
    expect(terminal).toMatch(/2\/14/);
    expect(markdown).toMatch(/2 errored episodes, within --max-error-rate, are left out of every rate/);
    expect(markdown).toMatch(/14 \(2 errored, not judged\)/);
    expect(html).toContain('class="verdict pass with-errors"');
  });

  it('give no verdict when errors exceed --max-error-rate, naming the run and the cause', () => {
    const { markdown, html } = withErrors('error');
    expect(markdown).toContain('**No verdict: an outage, not a result. mega-<b>inflated</b> on market (test, run r-2): 2 of 14 episodes');
    expect(markdown).not.toMatch(/No regression/);
    expect(html).toContain('class="verdict error with-errors"');
  });
});

describe('experiment reports with a version that has no judged episode', () => {
  it('show its rates and its change as not measured, never as 0%', () => {
    const report = fakeReport();
    const suite = report.suites[0]!;
    const errored = Array.from({ length: 4 }, (_, i) => ({
      taskId: 'a',
      repeat: i,
      status: 'error' as const,
      errorCause: 'The model endpoint answered HTTP 401',
      success: false,
      toolCalls: 0,
      scores: new Map<string, number>(),
    }));
    suite.results[1] = summarizeVersion(
      { id: 'mega-unmeasured', server: 'mega', tokens: 50 },
      { runId: 'r-3', status: 'completed', spend: NO_MODEL_CALLS },
      errored,
      'mega',
    );
    suite.comparisons = compareWithBaseline(suite.results, 0.1);
    const row = versionTable(report, suite).rows[1]!;
    expect(row[0]).toBe('mega-unmeasured');
    // success, its change, the first-choice share and the used-server share
    expect(row.slice(2, 6)).toEqual(['–', '–', '– (mega)', '–']);
    const { terminal } = renderings(report);
    const line = terminal.split('\n').find((l) => l.includes('mega-unmeasured'))!;
    expect(line).not.toMatch(/%/);
    expect(line).toMatch(/4\/4/);
    // JSON: no rate and no change, rather than a rate of 0 beside n 0
    const json = JSON.parse(renderings(report).json) as ExperimentReportJson;
    expect(json.suites[0]!.results[1]!.success).toMatchObject({ n: 0, rate: null });
    expect(json.suites[0]!.comparisons[0]).toMatchObject({ success: null, first_choice_share: null, used_server: null, regressed: false });
    // the chart shows the version without a bar
    expect(renderings(report).html).toContain('mega-unmeasured: not measured (no judged episode)');
  });
});

describe('the verdict sentence', () => {
  it('names the bound the change had to fall below: the threshold, or 0 itself at the default', () => {
    const report = fakeReport();
    report.regressions = [];
    report.verdict = 'pass';
    expect(verdictSentence(report)).toContain("the upper end of the change's interval below −10.0 points");
    report.settings.threshold = 0;
    expect(verdictSentence(report)).toContain("the upper end of the change's interval below 0).");
    expect(verdictSentence(report)).not.toContain('−0.0');
  });
});

describe('experiment reports and what the model calls cost', () => {
  // r-1 and r-3 are the seed's test and paraphrase runs, r-2 and r-4 the inflated version's
  const priced = { 'r-1': spent(1000, 200, 0.0036), 'r-2': spent(3000, 100, 0.0068), 'r-3': spent(500, 50, 0.0014), 'r-4': spent(700, 70, 0.002) };

  it('show each version’s model tokens and cost, test and paraphrase runs together, in every format', () => {
    const report = fakeReport({ paraphrase: true, spend: priced });
    const table = versionTable(report, report.suites[0]!);
    const column = (name: string) => table.rows.map((row) => row[table.head.indexOf(name)]);
    expect(column('description tokens')).toEqual(['40', '70']);
    expect(column('model tokens (all splits)')).toEqual(['1500 in / 250 out', '3700 in / 170 out']);
    expect(column('cost')).toEqual(['$0.005000', '$0.008800']);
    const { terminal, markdown, json, html } = renderings(report);
    expect(terminal).toMatch(/model tokens.*cost/);
    expect(terminal).toMatch(/mega-seed .*1750 .*\$0\.005000/);
    expect(markdown).toContain('| 1500 in / 250 out | $0.005000 |');
    expect(markdown).toContain('In all, 40 calls, 5200 tokens in and 420 out, $0.0138.');
    expect(html).toContain('<th>model tokens (all splits)</th><th>cost</th>');
    expect(html).toContain('<td>3700 in / 170 out</td><td>$0.008800</td>');
    const results = (JSON.parse(json) as { suites: Array<{ results: Array<{ spend: Record<string, unknown> }> }> }).suites[0]!.results;
    expect(results[1]!.spend).toEqual({
      calls: 10,
      cached_calls: 0,
      tokens_in: 3000,
      tokens_out: 100,
      cost: 0.0068,
      unpriced_models: [],
      estimated_calls: 0,
      estimate_reasons: [],
    });
  });

  it('say "price unknown" for a model without a price, in the cell and the total, never $0', () => {
    const report = fakeReport({ spend: { ...priced, 'r-2': spent(3000, 100, null, 'unpriced') } });
    const table = versionTable(report, report.suites[0]!);
    expect(table.rows.map((row) => row[table.head.indexOf('cost')])).toEqual(['$0.003600', 'price unknown (unpriced)']);
    const { terminal, markdown, json } = renderings(report);
    expect(terminal.split('\n').find((l) => l.includes('inflated'))).toContain('price unknown');
    expect(markdown).toContain('price unknown (unpriced). A price is unknown for unpriced: set it under model.prices in tdo.config.json');
    expect(markdown).not.toMatch(/\$0\.000000/);
    expect(
      (JSON.parse(json) as ExperimentReportJson & { suites: Array<{ results: Array<{ spend: { cost: unknown } }> }> }).suites[0]!.results[1]!.spend.cost,
    ).toBeNull();
  });

  it('have no spend columns for a simulated agent, which makes no model calls', () => {
    const report = fakeReport();
    expect(versionTable(report, report.suites[0]!).head).not.toContain('cost');
    const { terminal, markdown } = renderings(report);
    expect(terminal).not.toMatch(/\bcost\b/);
    expect(markdown).not.toMatch(/Model tokens and cost/);
    expect(report.suites[0]!.results[0]!.spend).toEqual(NO_MODEL_CALLS);
  });
});

describe('experiment reports under a tool search', () => {
  it('show found@k, found@1 and the mean rank when found beside the tokens loaded, in the table and the JSON', () => {
    const report = fakeReport();
    report.settings.toolSearch = { mode: 'bm25', k: 5 };
    const suite = report.suites[0]!;
    const deferred = (found: number, rankedFirst: number, rankSum: number, loaded: number) => ({
      labelled_steps: 2,
      labelled_steps_found: found,
      labelled_steps_ranked_first: rankedFirst,
      labelled_steps_rank_sum: rankSum,
      loaded_tokens: loaded,
      all_tools_tokens: 900,
    });
    suite.results[1] = summarizeVersion(
      { id: 'mega-searched', server: 'mega', tokens: 50 },
      { runId: 'r-3', status: 'completed', spend: NO_MODEL_CALLS },
      // steps found at ranks 1 and 3, then one at rank 1 and one never found
      facts([
        { task: 'a', success: true, server: 'mega', scores: deferred(2, 1, 4, 100) },
        { task: 'b', success: false, server: 'mega', scores: deferred(1, 1, 1, 200) },
      ]),
      'mega',
    );
    suite.comparisons = compareWithBaseline(suite.results, 0.1);
    const table = versionTable(report, suite);
    const column = (name: string) => table.rows.map((row) => row[table.head.indexOf(name)]);
    expect(column('found@5 [95% CI]')).toEqual(['–', '75.0% [30%, 95%]']);
    expect(column('found@1 [95% CI]')).toEqual(['–', '50.0% [15%, 85%]']);
    expect(column('mean rank when found')).toEqual(['–', '1.67']);
    expect(column('loaded tokens / episode (all tools)')).toEqual(['–', '150 (900)']);
    const { markdown, json } = renderings(report);
    expect(markdown).toContain('| found@5 [95% CI] | found@1 [95% CI] | mean rank when found |');
    const result = (JSON.parse(json) as { suites: Array<{ results: Array<Record<string, unknown>> }> }).suites[0]!.results[1]!;
    expect(result).toMatchObject({ found_at_k: { successes: 3, n: 4 }, ranked_first: { successes: 2, n: 4 } });
    expect(result.mean_rank_when_found).toBeCloseTo(5 / 3, 12);
  });
});
