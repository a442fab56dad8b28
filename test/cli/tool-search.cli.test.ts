import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTraceStore, type ModelStep, type TraceStore } from '../../traces/index.ts';
import { SimAgent } from '../../src/agents/sim/agent.ts';
import { TOOL_SEARCH_STEP_MODEL } from '../../src/host/tool-search-session.ts';
import { runSuite, type RunOptions } from '../../src/run/run-suite.ts';
import { SCORE } from '../../src/measure/score-names.ts';
import { tdo } from '../support/cli.ts';
import { labSuite } from '../support/lab-runs.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'tdo-tool-search-'));

/** A one-task suite on the lab server whose step carries `searchPattern`, with the suite's own `toolSearch` block when given. */
function suiteWithPattern(dir: string, searchPattern: string, toolSearch?: Record<string, unknown>): string {
  const path = join(dir, toolSearch === undefined ? 'suite.json' : 'suite-with-mode.json');
  const suite = {
    name: 'pattern',
    ...(toolSearch === undefined ? {} : { toolSearch }),
    systemPrompt: 'Answer with tools.',
    servers: [{ name: 'lab', command: '${NODE}', args: ['${TDO_ROOT}/bin/tdo.js', 'serve', 'lab'] }],
    tasks: [
      {
        id: 'add',
        split: 'test',
        prompt: 'What is 2 + 3?',
        plan: [{ intent: 'add 2 and 3', args: { expression: '2 + 3' }, tools: ['calculator'], searchPattern }],
        check: { kind: 'answer', expected: 5 },
      },
    ],
  };
  writeFileSync(path, JSON.stringify(suite));
  return path;
}

const searchSteps = (store: TraceStore, episodeId: string) =>
  store.getTrajectory(episodeId)!.steps.filter((s): s is ModelStep => s.kind === 'model' && s.model === TOOL_SEARCH_STEP_MODEL);

describe('tdo run --tool-search', () => {
  it('runs the lab suite in bm25 mode with the sim: every episode searches first and chooses among the loaded tools only', async () => {
    const db = join(tempDir(), 'tdo.db');
    const run = await tdo(['run', '--suite', 'lab', '--split', 'val', '--tool-search', 'bm25', '--tool-search-k', '2', '--db', db, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { run_id: string; status: string; episodes: number };
    expect(report.status).toBe('completed');
    const store = openTraceStore(db);
    try {
      const episodes = store.listEpisodes({ runId: report.run_id, limit: 1000 });
      expect(episodes.length).toBe(report.episodes);
      for (const episode of episodes) {
        const steps = store.getTrajectory(episode.id)!.steps;
        expect(steps[0]).toMatchObject({ kind: 'model', model: TOOL_SEARCH_STEP_MODEL, input: { mode: 'bm25', k: 2 } });
        const loaded = new Set<string>();
        for (const step of steps) {
          if (step.kind === 'model' && step.model === TOOL_SEARCH_STEP_MODEL) {
            const output = step.output as { results: Array<{ rank: number; name: string }>; loaded: string[] };
            expect(output.results.length).toBeLessThanOrEqual(2);
            expect(output.results.map((r) => r.rank)).toEqual(output.results.map((_, i) => i + 1));
            for (const name of output.loaded) loaded.add(name);
          }
          // a decision is made among the tools loaded so far, and every call goes to one of them
          if (step.kind === 'model' && step.model === 'sim')
            for (const name of (step.input as { candidates: string[] }).candidates) expect(loaded).toContain(name);
          if (step.kind === 'tool') expect(loaded).toContain(step.name);
        }
      }
      expect(store.getRun(report.run_id)!.settings).toMatchObject({ options: { toolSearch: { mode: 'bm25', k: 2 } } });
      const json = report as unknown as { found_at_k: number; labelled_steps: number; loaded_tokens_per_episode: number; all_tools_tokens: number };
      expect(json.labelled_steps).toBeGreaterThan(0);
      expect(json.found_at_k).toBeGreaterThanOrEqual(0);
      expect(json.found_at_k).toBeLessThanOrEqual(1);
      expect(json.loaded_tokens_per_episode).toBeGreaterThan(0);
      expect(json.all_tools_tokens).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  }, 120_000);

  it('reads the mode from the suite file over tdo.config.json, field by field, and a flag over both', async () => {
    const dir = tempDir();
    const suite = suiteWithPattern(dir, '(?i)arithmetic', { mode: 'bm25' });
    const config = join(dir, 'tdo.config.json');
    writeFileSync(config, JSON.stringify({ toolSearch: { mode: 'off', k: 3 } }));
    const db = join(dir, 'tdo.db');
    const settingsOf = async (args: string[]) => {
      const run = await tdo(['run', '--suite', suite, '--db', db, '--config', config, '--json', ...args]);
      expect(run.code, run.stderr).toBe(0);
      const store = openTraceStore(db);
      try {
        const { run_id: runId } = JSON.parse(run.stdout) as { run_id: string };
        const [episode] = store.listEpisodes({ runId });
        return { settings: (store.getRun(runId)!.settings as { options: RunOptions }).options.toolSearch, searches: searchSteps(store, episode!.id) };
      } finally {
        store.close();
      }
    };
    // the mode from the suite, k from the config; the sim searches with the intent's content words
    const fromFiles = await settingsOf([]);
    expect(fromFiles.settings).toEqual({ mode: 'bm25', k: 3 });
    expect(fromFiles.searches.map((s) => s.input)).toEqual([{ mode: 'bm25', k: 3, query: 'add' }]);
    // in regex mode the step's own pattern is what the sim searches with
    const fromFlag = await settingsOf(['--tool-search', 'regex']);
    expect(fromFlag.settings).toEqual({ mode: 'regex', k: 3 });
    expect(fromFlag.searches.map((s) => s.input)).toEqual([{ mode: 'regex', k: 3, query: '(?i)arithmetic' }]);
    expect(fromFlag.searches[0]!.output).toMatchObject({ results: [{ rank: 1, name: 'calculator' }], loaded: ['calculator'] });
  }, 120_000);

  it('refuses a suite whose step pattern is no valid regular expression, or too long, with exit 2 naming the step', async () => {
    const dir = tempDir();
    const bad = await tdo(['run', '--suite', suiteWithPattern(dir, '(calc'), '--tool-search', 'regex', '--db', join(dir, 'tdo.db')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/tasks\.0\.plan\.0\.searchPattern/);
    expect(bad.stderr).toMatch(/task "add", step 1: "\(calc" is not a valid regular expression \(RE2 syntax\)/);
    const long = await tdo(['run', '--suite', suiteWithPattern(dir, 'a'.repeat(201)), '--db', join(dir, 'tdo.db')]);
    expect(long.code).toBe(2);
    expect(long.stderr).toMatch(/the pattern has 201 characters; at most 200 are allowed/);
  });

  it('optimizes with every episode in the mode, stored with the run, which --resume keeps and refuses to change', async () => {
    const db = join(tempDir(), 'tdo.db');
    const base = ['--suite', 'lab', '--target', 'success', '--budget', '28', '--minibatch', '2', '--db', db];
    const out = await tdo(['optimize', ...base, '--tool-search', 'bm25', '--tool-search-k', '3', '--json']);
    expect(out.code, out.stderr).toBe(0);
    type Split = { success_rate: number; found_at_k?: number };
    const report = JSON.parse(out.stdout) as { run_id: string; seed: { val: Split; test: Split }; best: { val: Split; test: Split } };
    const runId = report.run_id;
    // found@k beside success_rate on every reported split of seed and best
    for (const split of [report.seed.val, report.seed.test, report.best.val, report.best.test]) expect(split.found_at_k).toBeGreaterThanOrEqual(0);
    const store = openTraceStore(db);
    const stored = store.getRun(runId)!.settings as { optimize: { toolSearch?: unknown } };
    const totals = new Map(store.scoreTotals(runId).map((t) => [t.name, t]));
    store.close();
    expect(stored.optimize.toolSearch).toEqual({ mode: 'bm25', k: 3 });
    // found@k is scored only on deferred episodes, so every episode of the search ran in the mode
    const labelled = totals.get(SCORE.labelledSteps)!;
    expect(labelled.episodes).toBe(totals.get(SCORE.success)!.episodes);
    expect(totals.get(SCORE.labelledStepsFound)!.sum).toBeLessThan(labelled.sum);
    const resumed = await tdo(['optimize', '--resume', runId, '--tool-search', 'off', '--db', db]);
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(/--resume reuses the run's own settings; drop --tool-search/);
  });

  it('runs an experiment in each mode: found@k and the tokens loaded beside success under a search, null with every tool listed', async () => {
    const db = join(tempDir(), 'tdo.db');
    expect((await tdo(['run', '--suite', 'lab', '--split', 'val', '--db', db])).code).toBe(0);
    const store = openTraceStore(db);
    const seed = store.listVersions('lab')[0]!.id;
    store.close();
    type Result = { success: { n: number }; found_at_k: { successes: number; n: number } | null; loaded_tokens_per_episode: number | null };
    const experiment = async (mode: string) => {
      const out = await tdo([
        'experiment',
        '--suite',
        'lab',
        '--version',
        seed,
        '--repeat',
        '1',
        '--tool-search',
        mode,
        '--db',
        db,
        '--out',
        join(tempDir(), 'r'),
        '--json',
      ]);
      expect(out.code, out.stderr).toBe(0);
      const report = JSON.parse(out.stdout) as { settings: { tool_search: { mode: string; k: number } }; suites: Array<{ results: Result[] }> };
      return { settings: report.settings.tool_search, result: report.suites[0]!.results[0]! };
    };
    const off = await experiment('off');
    expect(off.settings).toEqual({ mode: 'off', k: 5 });
    expect(off.result).toMatchObject({ found_at_k: null, loaded_tokens_per_episode: null });
    const bm25 = await experiment('bm25');
    expect(bm25.settings).toEqual({ mode: 'bm25', k: 5 });
    // every lab test task has labelled steps, at least one per episode
    expect(bm25.result.found_at_k!.n).toBeGreaterThanOrEqual(bm25.result.success.n);
    expect(bm25.result.loaded_tokens_per_episode).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a k out of range with exit 2', async () => {
    for (const k of ['0', '51']) {
      const result = await tdo(['run', '--suite', 'lab', '--tool-search', 'bm25', '--tool-search-k', k, '--db', join(tempDir(), 'tdo.db')]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--tool-search-k/);
    }
  });
});

describe('resuming a deferred-loading run', () => {
  it('runs the rest in the same mode, refusing to change it', async () => {
    const db = join(tempDir(), 'tdo.db');
    const store = openTraceStore(db);
    const options: RunOptions = { split: 'val', repeats: 1, seed: 0, concurrency: 1, versionIds: [], toolSearch: { mode: 'bm25', k: 3 } };
    const stop = new AbortController();
    try {
      const report = await runSuite({
        store,
        loaded: labSuite(),
        agent: new SimAgent(),
        options,
        agentConfig: { kind: 'sim' },
        signal: stop.signal,
        onEpisode: () => stop.abort(),
      });
      expect(report.status).toBe('interrupted');

      const changed = await tdo(['run', '--resume', report.runId, '--tool-search', 'off', '--db', db]);
      expect(changed.code).toBe(2);
      expect(changed.stderr).toMatch(/drop --tool-search/);

      const resumed = await tdo(['run', '--resume', report.runId, '--db', db, '--json']);
      expect(resumed.code, resumed.stderr).toBe(0);
      const episodes = store.listEpisodes({ runId: report.runId, limit: 1000 });
      expect(episodes.length).toBe(labSuite().suite.tasks.filter((t) => t.split === 'val').length);
      for (const episode of episodes) expect(searchSteps(store, episode.id)[0]?.input).toMatchObject({ mode: 'bm25', k: 3 });
    } finally {
      store.close();
    }
  }, 120_000);
});
