import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';
import { renderReport, reportJson } from '../../cli/format/optimize-report.ts';
import { storedOptimizeReport } from '../../optimizer/search/report/optimize-report.ts';
import { wilson } from '../../src/index.ts';
import { percent, points } from '../../experiments/format.ts';
import { labSuite } from '../support/lab-runs.ts';
import { LangfuseReceiver, refusingBaseUrl } from '../support/langfuse-receiver.ts';

const NO_CALLS = { calls: 0, cachedCalls: 0, tokensIn: 0, tokensOut: 0, cost: 0, unpricedModels: [], estimatedCalls: 0, estimateReasons: [] };
/** The sim agent and proposer: no model calls. */
const SIM_SPEND = { spend: { agent: NO_CALLS, proposer: NO_CALLS }, simulated: { agent: true, proposer: true } };

const dir = mkdtempSync(join(tmpdir(), 'tdo-optimize-traces-'));

let receiver: LangfuseReceiver;
let env: Record<string, string>;
/** a run of lab's train split recorded on "another machine" (its own store) and sent to Langfuse */
let sourceRun: string;

beforeAll(async () => {
  receiver = await LangfuseReceiver.start();
  env = { LANGFUSE_PUBLIC_KEY: receiver.config.publicKey, LANGFUSE_SECRET_KEY: receiver.config.secretKey, LANGFUSE_BASE_URL: receiver.baseUrl };
  const recorded = await tdo(['run', '--suite', 'lab', '--split', 'train', '--seed', '3', '--db', join(dir, 'elsewhere.db'), '--json'], env);
  expect(recorded.code, recorded.stderr).toBe(0);
  sourceRun = (JSON.parse(recorded.stdout) as { run_id: string }).run_id;
}, 120_000);
afterAll(() => receiver.close());

function rows<T>(db: string, sql: string): T[] {
  const sqlite = new Database(db, { readonly: true });
  try {
    return sqlite.prepare(sql).all() as T[];
  } finally {
    sqlite.close();
  }
}

type Split = 'val' | 'test' | 'paraphrase';
type SplitJson = { success_rate: number; success_low: number; success_high: number; first_choice_share: number; used_server: number };

/** The summary's score table as cells: the header's column names, and per row its candidate, split and values. */
function scoreTable(text: string) {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.includes('success [95% CI]'));
  const rows: Array<{ label: string; split: Split; cells: string[] }> = [];
  let label = '';
  for (const line of lines.slice(at + 1)) {
    const row = /^(?:(seed|best)\s+)?(val|test|paraphrase)\s+(\S+)\s+\[(\S+), (\S+)\]\s+(\S+)\s+(\S+)(?:\s+(\d+))?$/.exec(line.trim());
    if (row === null) break;
    label = row[1] ?? label;
    rows.push({ label, split: row[2] as Split, cells: row.slice(3).filter((cell) => cell !== undefined) });
  }
  // the column names are set apart by two spaces or more; a name has single spaces only
  return { header: lines[at]!.trim().split(/\s{2,}/), rows };
}

describe('tdo optimize --traces langfuse', () => {
  it("imports the seed's episodes from Langfuse and reflects on them first", async () => {
    const db = join(dir, 'optimize.db');
    const result = await tdo(
      ['optimize', '--suite', 'lab', '--server', 'lab', '--traces', 'langfuse', '--session', sourceRun, '--budget', '40', '--db', db, '--json'],
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`run ${sourceRun} from \\S+ -> run r-[0-9a-f]+ \\(imported\\): 22 episodes added`));
    const report = JSON.parse(result.stdout) as { run_id: string; seed_data: { episodes: number; skipped: number } };
    expect(report.seed_data).toMatchObject({ episodes: 22, other_agent: 0, skipped: 0 });

    const proposals = rows<{ iteration: number; parent_scores: string }>(
      db,
      `SELECT iteration, parent_scores FROM optimizer_proposals WHERE run_id = '${report.run_id}' ORDER BY iteration`,
    );
    expect(proposals[0]).toMatchObject({ iteration: 1, parent_scores: 'recorded' });
    // the imported episodes live in their own run; the search's episodes are the ones it ran
    const [imported] = rows<{ n: number }>(db, `SELECT count(*) AS n FROM episodes WHERE run_id <> '${report.run_id}'`);
    expect(imported!.n).toBe(22);
  }, 180_000);

  it('prints where the seed data came from in the summary', async () => {
    const result = await tdo(
      ['optimize', '--suite', 'lab', '--server', 'lab', '--traces', 'langfuse', '--session', sourceRun, '--budget', '30', '--db', join(dir, 'summary.db')],
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("the seed's first reflections read 22 recorded episodes instead of running it");
  }, 180_000);
});

describe('tdo optimize --traces langfuse, bad input', () => {
  const optimize = (args: string[], extraEnv: Record<string, string | undefined> = env, db = join(dir, 'bad.db')) =>
    tdo(['optimize', '--suite', 'lab', '--server', 'lab', '--budget', '30', '--db', db, ...args], extraEnv);

  it('asks which episodes to read', async () => {
    const result = await optimize(['--traces', 'langfuse']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--traces langfuse: say what to import: --session RUN_ID and/or --since DATE');
  });

  it('refuses --session without --traces', async () => {
    const result = await optimize(['--session', sourceRun]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('use them with --traces langfuse');
  });

  it('names the missing settings when Langfuse is not configured', async () => {
    const result = await optimize(['--traces', 'langfuse', '--session', sourceRun], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Langfuse is not configured: set LANGFUSE_PUBLIC_KEY, LANGFUSE_SECRET_KEY, LANGFUSE_BASE_URL');
  });

  it('stops before running anything when Langfuse cannot be reached', async () => {
    const db = join(dir, 'down.db');
    const result = await optimize(['--traces', 'langfuse', '--session', sourceRun], { ...env, LANGFUSE_BASE_URL: await refusingBaseUrl() }, db);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/could not read from Langfuse at http:\/\/127\.0\.0\.1:\d+: cannot reach it \(ECONNREFUSED\)/);
    expect(rows(db, 'SELECT id FROM runs')).toEqual([]);
  });

  it('says when Langfuse holds no episodes for the session', async () => {
    const result = await optimize(['--traces', 'langfuse', '--session', 'r-00000000']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--traces langfuse: no tdo episodes at http:\S+ match --session r-00000000/);
  });

  it('refuses --traces on --resume, which reuses the episodes the run started with', async () => {
    const result = await tdo(['optimize', '--resume', 'r-12345678', '--traces', 'langfuse', '--db', join(dir, 'bad.db')], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--resume reuses the run's own settings; drop --traces/);
  });
});

describe('tdo optimize --condition', () => {
  it('refuses a condition the suite does not declare', async () => {
    const result = await tdo([
      'optimize',
      '--suite',
      'lab',
      '--server',
      'lab',
      '--condition',
      'limit_in=token',
      '--budget',
      '30',
      '--db',
      join(dir, 'cond.db'),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('suite "lab" has no condition "limit_in" (it declares none)');
  });
});

describe('tdo optimize --tool-token-budget', () => {
  it('refuses a budget that is not a positive integer before the store opens, and a changed budget on --resume', async () => {
    for (const bad of ['0', '1.5']) {
      const db = join(dir, `budget-${bad}.db`);
      const result = await tdo(['optimize', '--suite', 'lab', '--server', 'lab', '--tool-token-budget', bad, '--db', db]);
      expect(result.code, bad).toBe(2);
      expect(result.stderr).toMatch(/--tool-token-budget.*expected a positive integer/);
      expect(existsSync(db)).toBe(false);
    }
    const resumed = await tdo(['optimize', '--resume', 'r-12345678', '--catalogue-token-budget', '90', '--db', join(dir, 'bad.db')]);
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(/--resume reuses the run's own settings; drop --catalogue-token-budget/);
  });
});

describe('tdo optimize and the paraphrase split', () => {
  it('never gives paraphrase tasks to the search, and reports them beside test, counted like the test report', async () => {
    const db = join(dir, 'held-out.db'); // a name without "paraphrase", which the checks below look for
    const result = await tdo(['optimize', '--suite', 'lab', '--server', 'lab', '--budget', '40', '--db', db, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as Record<string, unknown> & {
      run_id: string;
      report_calls: number;
      paraphrase_calls: number;
      seed: Record<string, { tasks: number; success_rate: number } | null>;
      best: Record<string, unknown>;
    };
    const split = new Map(labSuite().suite.tasks.map((t) => [t.id, t.split]));
    const paraphraseTasks = [...split.values()].filter((s) => s === 'paraphrase').length;
    expect(paraphraseTasks).toBeGreaterThanOrEqual(24);

    // The search (val, minibatches, merges) sees train and val only; paraphrase appears in report evaluations alone.
    const evaluations = rows<{ purpose: string; task_ids: string }>(
      db,
      `SELECT purpose, task_ids FROM optimizer_evaluations WHERE run_id = '${json.run_id}' ORDER BY ordinal`,
    );
    const splitsOf = (purpose: (p: string) => boolean) =>
      new Set(evaluations.filter((e) => purpose(e.purpose)).flatMap((e) => (JSON.parse(e.task_ids) as string[]).map((id) => split.get(id))));
    expect([...splitsOf((p) => p !== 'report')].sort()).toEqual(['train', 'val']);
    expect([...splitsOf((p) => p === 'report')].sort()).toEqual(['paraphrase', 'test']);

    // JSON: paraphrase scores beside test, and their episodes counted apart from the budget like the test report's.
    expect(json.seed['paraphrase']).toMatchObject({ tasks: paraphraseTasks });
    expect(json.best).toHaveProperty('paraphrase');
    const sameAsSeed = json['version_id'] === json['seed_version_id'];
    expect(json.report_calls).toBe(sameAsSeed ? 22 : 44);
    expect(json.paraphrase_calls).toBe(sameAsSeed ? paraphraseTasks : 2 * paraphraseTasks);
    const [episodes] = rows<{ n: number }>(db, `SELECT count(*) AS n FROM episodes WHERE run_id = '${json.run_id}'`);
    expect(episodes!.n).toBe((json['budget_used'] as number) + json.report_calls + json.paraphrase_calls);

    // The summary, from the report the run stored: the paraphrase columns and calls beside test's.
    const [stored] = rows<{ summary: string }>(db, `SELECT summary FROM optimizer_runs WHERE run_id = '${json.run_id}'`);
    const report = storedOptimizeReport(json.run_id as string, JSON.parse(stored!.summary))!;
    const text = renderReport(report, db, SIM_SPEND);
    expect(text).toContain(`(+${json.report_calls} for the test report, +${json.paraphrase_calls} for the paraphrase report)`);
    // The score table, read cell by cell (not by its spacing): each split's numbers are the JSON's.
    const table = scoreTable(text);
    expect(table.header).toEqual(['success [95% CI]', 'first-choice share', 'used server', 'tokens', 'shares of lab']);
    for (const label of ['seed', 'best'] as const) {
      const candidate = json[label] as unknown as Record<Split, SplitJson> & { tokens: number };
      const expected = (['val', 'test', 'paraphrase'] as const).map((split) => {
        const s = candidate[split];
        const cells = [percent(s.success_rate), percent(s.success_low, 0), percent(s.success_high, 0), percent(s.first_choice_share), percent(s.used_server)];
        return { label, split, cells: split === 'val' ? [...cells, String(candidate.tokens)] : cells };
      });
      expect(table.rows.filter((r) => r.label === label)).toEqual(expected);
    }

    // The next commands name the database unless, run from here, they would open it anyway.
    const elsewhere = join(dir, 'traces', 'tdo.db');
    expect(renderReport(report, elsewhere, SIM_SPEND)).toContain(`tdo traces list --run ${json.run_id} --db ${elsewhere}\``);
    expect(renderReport(report, resolve('tdo.db'), SIM_SPEND)).toContain(`tdo traces list --run ${json.run_id}\``);

    // A search over a token budget that found no candidate within it says so plainly, never presenting the seed as within it.
    const overBudget = {
      ...report,
      versionId: report.seedVersionId,
      tokenBudget: { tool: 5, catalogue: null, bestWithin: false, refused: 3, byRule: { 'tool-token-budget': 3 } },
    };
    const overText = renderReport(overBudget, db, SIM_SPEND);
    expect(overText).toContain(`no candidate within the token budget was found: the seed ${report.seedVersionId} is over it (${report.seed.tokens} tokens)`);
    expect(overText).toContain(
      'token budget at most 5 tokens a tool: 3 proposed descriptions refused before being run for going over it (tool-token-budget 3)',
    );
    expect(overText).not.toContain('no candidate beat the seed');
    expect(reportJson(overBudget, db)).toMatchObject({ token_budget: { tool: 5, catalogue: null, within: false, refused: 3 } });
    expect(reportJson(report, db)).not.toHaveProperty('token_budget');

    // A perfect stop on a small validation split says how little it proves.
    const perfect = (tasks: number) =>
      renderReport(
        { ...report, stopReason: 'perfect', best: { ...report.best, val: { ...report.best.val, score: 1, success: wilson(tasks, tasks) } } },
        db,
        SIM_SPEND,
      );
    expect(perfect(3)).toContain('on 3 episodes a perfect score proves little (its 95% interval reaches down to 44%): add val tasks to the suite');
    expect(perfect(22)).not.toContain('proves little');
    // A train-solved stop says why the budget was kept, and what to add when val is not solved.
    const trainSolved = (score: number) =>
      renderReport({ ...report, stopReason: 'train solved', best: { ...report.best, val: { ...report.best.val, score } } }, db, SIM_SPEND);
    expect(trainSolved(0.5)).toContain(
      'stopped: train solved (every train task succeeded, at least 20 train episodes in a row; the proposer learns only from failed train tasks, so the rest of the budget was kept; the best candidate scores 50.0% on val: add train tasks like the val tasks it fails)',
    );
    expect(trainSolved(1)).not.toContain('add train tasks');

    // Each split's success with its Wilson interval, as tdo experiment computes it; the held-out changes with Newcombe's.
    const seedTest = json.seed['test'] as { tasks: number; successes: number; success_rate: number; success_low: number; success_high: number };
    expect(seedTest.success_rate).toBe(seedTest.successes / seedTest.tasks);
    const expected = wilson(seedTest.successes, seedTest.tasks);
    expect([seedTest.success_low, seedTest.success_high]).toEqual([expected.low, expected.high]);
    const changes = json['success_change'] as Record<string, { delta: number; low: number; high: number }>;
    expect(Object.keys(changes).sort()).toEqual(['paraphrase', 'test']);
    for (const [split, c] of Object.entries(changes)) {
      const before = json.seed[split]!;
      const after = json.best[split] as { success_rate: number };
      expect(c.delta).toBeCloseTo(after.success_rate - before.success_rate, 12);
      expect(c.low).toBeLessThan(c.delta);
      expect(c.high).toBeGreaterThan(c.delta);
      if (!sameAsSeed)
        expect(text.split('\n').map((line) => line.trim().split(/\s+/).join(' '))).toContain(
          `${split} ${points(c.delta)} [${points(c.low)}, ${points(c.high)}]`,
        );
    }

    // Where the winner's words come from: counted in JSON and named in the summary when it added any.
    const added = json['added_words'] as { count: number; train_only: string[]; train_only_share: number };
    expect(added.count).toBe(report.addedWords.added.length);
    expect(added.train_only).toEqual(report.addedWords.trainOnly);
    expect(added.train_only_share).toBeCloseTo(added.count === 0 ? 0 : added.train_only.length / added.count, 12);
    if (added.count > 0)
      expect(text).toContain(`words added ${added.count} (stemmed), ${added.train_only.length} (${percent(added.train_only_share)}) found only in train tasks`);

    // A suite without paraphrase tasks: no paraphrase column, key or count.
    const without = { ...report, paraphraseCalls: 0, seed: { ...report.seed, paraphrase: null }, best: { ...report.best, paraphrase: null } };
    expect(renderReport(without, db, SIM_SPEND)).not.toContain('paraphrase');
    expect(JSON.stringify(reportJson(without, db))).not.toContain('paraphrase');
  }, 180_000);
});
