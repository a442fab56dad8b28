// Every command composes the same context: tdo.config.json's `db` names the trace database for all of them,
// every command that prints results takes --json with snake_case keys, and nothing writes ANSI codes to a pipe.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tdo, tdoEach, type CliResult } from '../support/cli.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';

/** Where keys are recorded data (tool arguments, a model call's input and output), not field names. */
const RECORDED = new Set(['arguments', 'args', 'input', 'output']);

/** Every camelCase key of a JSON value, with its path, outside recorded data. */
function camelKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => camelKeys(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(/[a-z][A-Z]/.test(key) ? [`${path}.${key}`] : []),
    ...(RECORDED.has(key) ? [] : camelKeys(inner, `${path}.${key}`)),
  ]);
}

const ESC = '\u001b[';

describe('one composition point for every command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-shared-'));
  const db = join(dir, 'cfg.db');
  const results: Array<{ args: string[]; result: CliResult }> = [];
  const run = async (args: string[], env: Record<string, string | undefined> = {}, cwd = dir) => {
    const result = await tdo(args, env, cwd);
    results.push({ args, result });
    return result;
  };
  /** A command's --json output, after checking it exited as expected and has no camelCase key. */
  const json = async <T>(args: string[], codes = [0]): Promise<T> => {
    const result = await run([...args, '--json']);
    expect(codes, `${args.join(' ')}: ${result.stderr}`).toContain(result.code);
    const parsed = JSON.parse(result.stdout) as T;
    expect(camelKeys(parsed), args.join(' ')).toEqual([]);
    return parsed;
  };

  let runId: string;
  let seedId: string;
  let importedId: string;

  beforeAll(async () => {
    writeFileSync(join(dir, 'tdo.config.json'), JSON.stringify({ db: 'cfg.db' }));
    runId = (await json<{ run_id: string }>(['run', '--suite', 'lab', '--split', 'val'])).run_id;
    const versions = await json<Array<{ id: string; server: string; content_hash: string }>>(['versions']);
    seedId = versions.find((v) => v.server === 'lab')!.id;
    importedId = (await json<{ id: string }>(['import', join(REPO_ROOT, 'test/fixtures/lab-accurate-descriptions.json'), '--server', 'lab'])).id;
  }, 120_000);

  it("the readers and writers of the store all use the config's db, and print snake_case JSON", async () => {
    const episodes = await json<Array<{ id: string; run_id: string }>>(['traces', 'list', '--run', runId]);
    expect(episodes).toHaveLength(22);
    const trajectory = await json<{ episode: { run_id: string } }>(['traces', 'show', episodes[0]!.id]);
    expect(trajectory.episode.run_id).toBe(runId);

    const diff = await json<{ a: { label: string }; b: { label: string } }>(['diff', seedId, importedId]);
    expect([diff.a.label, diff.b.label]).toEqual([seedId, importedId]);
    const lint = await json<{ source: string; tool_results: number }>(['lint', importedId], [0, 1]);
    expect(lint.source).toBe(importedId);
    // compared with the results recorded by the run in the config's database
    expect(lint.tool_results).toBeGreaterThan(0);
    const applied = await json<{ version: string; file: string }>(['apply', importedId, '--out', join(dir, 'applied.json')]);
    expect(applied.version).toBe(importedId);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, 'applied.json'), 'utf8')) as object)).toContain('calculator');

    const experiment = await json<{ suites: Array<{ results: Array<{ version_id: string; first_choice_share: number }> }> }>(
      ['experiment', '--suite', 'lab', '--version', `${seedId},${importedId}`, '--repeat', '1', '--out', join(dir, 'experiment')],
      [0, 1],
    );
    expect(experiment.suites[0]!.results.map((r) => r.version_id)).toEqual([seedId, importedId]);
    // report.json is what --json printed
    expect(camelKeys(JSON.parse(readFileSync(join(dir, 'experiment/report.json'), 'utf8')))).toEqual([]);

    const optimized = await json<{ db: string; seed_version_id: string }>(['optimize', '--suite', 'lab', '--budget', '40']);
    expect(optimized.db).toBe(db);
    expect(optimized.seed_version_id).toBe(seedId);
  }, 300_000);

  it('proxy, traces export and traces import open the same database', async () => {
    const proxy = await run(['proxy', '--name', 'lab', '--version', 'v-none', '--', process.execPath, '-e', '']);
    expect(proxy.code).toBe(2);
    expect(proxy.stderr).toContain(`unknown description version "v-none" in ${db}`);

    const langfuse = { LANGFUSE_PUBLIC_KEY: 'pk', LANGFUSE_SECRET_KEY: 'sk', LANGFUSE_BASE_URL: 'http://127.0.0.1:9' };
    const exported = await run(['traces', 'export', '--langfuse', '--run', 'r-00000000'], langfuse);
    expect(exported.code).toBe(2);
    expect(exported.stderr).toContain(`no run "r-00000000" in ${db}`);
    const imported = await run(['traces', 'import', '--from', 'langfuse', '--session', runId], langfuse);
    expect(imported.code).toBe(3);
    expect(imported.stderr).toContain('could not read from Langfuse at http://127.0.0.1:9');
  }, 60_000);

  it("the demo refuses a queue it cannot reach before it opens the config's store, and falls back to none", async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'tdo-shared-demo-'));
    writeFileSync(join(fresh, 'tdo.config.json'), JSON.stringify({ db: 'demo.db' }));
    const demo = await run(['demo', 'overconfident', '--queue', 'redis://127.0.0.1:9'], {}, fresh);
    expect(demo.code, demo.stderr).toBe(3);
    expect(demo.stderr).toContain('cannot reach the episode queue at redis://127.0.0.1:9');
    expect(existsSync(join(fresh, 'demo.db'))).toBe(false);
    expect(existsSync(join(fresh, 'traces'))).toBe(false);
  }, 60_000);

  it('the commands without a store print snake_case JSON too', async () => {
    const agents = await json<{ agents: Array<{ id: string }>; most_cue_swayed: string }>(['agents']);
    expect(agents.agents.map((a) => a.id)).toContain('sim');
    const config = await json<{ path: string; ok: boolean }>(['config', 'check']);
    expect(config).toMatchObject({ path: join(dir, 'tdo.config.json'), ok: true });
    const project = mkdtempSync(join(tmpdir(), 'tdo-shared-init-'));
    const init = await run(['init', '--server', 'shop', '--json', '--', process.execPath, join(REPO_ROOT, 'test/cli/fixtures/shop-server.mjs')], {}, project);
    expect(init.code, init.stderr).toBe(0);
    const written = JSON.parse(init.stdout) as { server: string; tools: string[]; suite_file: string; config_file: string };
    expect(camelKeys(written)).toEqual([]);
    expect(written).toMatchObject({ server: 'shop', tools: ['add', 'shout'], suite_file: join('suites', 'shop.yaml') });
    expect(existsSync(written.config_file)).toBe(true);
  }, 60_000);

  it('nothing fell back to traces/tdo.db, and nothing wrote ANSI codes to a pipe', () => {
    expect(existsSync(join(dir, 'traces'))).toBe(false);
    expect(results.length).toBeGreaterThan(10);
    for (const { args, result } of results) {
      expect(result.stdout.includes(ESC) || result.stderr.includes(ESC), args.join(' ')).toBe(false);
    }
  });

  it('colors nothing when NO_COLOR is set, and takes --config FILE from anywhere', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'tdo-shared-cwd-'));
    const listed = await run(['versions', '--config', join(dir, 'tdo.config.json')], { NO_COLOR: '1' }, elsewhere);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(importedId);
    expect(listed.stdout).not.toContain(ESC);
  });
});

describe('bad input leaves no new database behind', () => {
  it('is refused before the store is opened: a suite or server that does not exist, or versions in no database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-refused-'));
    const db = join(dir, 'never.db');
    const cases: Array<[string[], RegExp]> = [
      [['run', '--suite', 'no-such-suite'], /unknown suite "no-such-suite"/],
      [['run', '--suite', 'lab', '--version', 'lab-0000000000'], /no trace database at .*never\.db, so no description version lab-0000000000/],
      [['optimize', '--suite', 'lab', '--server', 'nope'], /suite "lab" has no server "nope"/],
      [['optimize', '--suite', 'lab', '--budget', '3'], /budget 3 is too small/],
      [['experiment', '--suite', 'no-such-suite', '--version', 'lab-0000000000'], /unknown suite "no-such-suite"/],
      [['experiment', '--suite', 'lab', '--version', 'lab-0000000000'], /no trace database at/],
    ];
    const results = await tdoEach(cases.map(([args]) => ({ args: [...args, '--db', db], cwd: dir })));
    for (const [i, [args, message]] of cases.entries()) {
      expect(results[i]!.code, `${args.join(' ')}: ${results[i]!.stderr}`).toBe(2);
      expect(results[i]!.stderr, args.join(' ')).toMatch(message);
    }
    expect(existsSync(db)).toBe(false);
    // without --db, the default database's folder is not made either
    const r = await tdo(['run', '--suite', 'no-such-suite'], { TDO_DB: undefined }, dir);
    expect(r.code).toBe(2);
    expect(existsSync(join(dir, 'traces'))).toBe(false);
  }, 60_000);

  it('is refused before the store is opened: an agent, proposer, condition, target, Langfuse or queue that cannot be used (a queue that does not answer, exit 3), a number too big', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-refused-'));
    const db = join(dir, 'never.db');
    const cases: Array<[string[], RegExp, number?]> = [
      [['run', '--suite', 'lab', '--agent', 'sim:nope'], /unknown sim persona "nope"/],
      [['run', '--suite', 'lab', '--model', 'gpt-4o-mini'], /--model applies to --agent llm only/],
      [['run', '--suite', 'lab', '--agent', 'llm'], /--agent llm needs --model NAME/],
      // no OPENAI_BASE_URL (tdo() clears it) and no config: no endpoint for the agent's or the proposer's calls
      [['run', '--suite', 'lab', '--agent', 'llm', '--model', 'm'], /No model endpoint: set OPENAI_BASE_URL/],
      [['optimize', '--suite', 'lab', '--proposer', 'llm', '--model', 'm'], /No model endpoint: set OPENAI_BASE_URL/],
      [['demo', 'overconfident', '--agent', 'llm', '--model', 'm'], /No model endpoint: set OPENAI_BASE_URL/],
      [['run', '--suite', 'lab', '--condition', 'x=y'], /suite "lab" has no condition "x"/],
      [['run', '--suite', 'market', '--condition', 'limit_in=bogus'], /condition limit_in has no value "bogus"/],
      [['run', '--suite', 'lab', '--queue', 'redis://127.0.0.1:6379/x'], /--queue redis:\/\/127\.0\.0\.1:6379\/x: may end in a database number only/],
      // nothing listens on port 9
      [['run', '--suite', 'lab', '--queue', 'redis://127.0.0.1:9'], /cannot reach the episode queue at redis:\/\/127\.0\.0\.1:9\/0/, 3],
      [
        ['run', '--suite', 'lab', '--repeat', '99999999999999999999'],
        /option '--repeat <n>' argument '99999999999999999999' is invalid\. expected an integer of at most 9007199254740991/,
      ],
      [['optimize', '--suite', 'lab', '--agents', 'sim,sim:nope'], /unknown sim persona "nope"/],
      [['optimize', '--suite', 'lab', '--target', 'feedback'], /the feedback target needs an LLM agent/],
      [['optimize', '--suite', 'lab', '--proposer', 'llm'], /--proposer llm needs a model/],
      [['optimize', '--suite', 'lab', '--traces', 'langfuse', '--session', 'r-1'], /Langfuse is not configured/],
      [['demo', 'overconfident', '--queue', 'nope'], /--queue nope: must be a URL of the form redis:\/\/HOST:PORT\[\/DB\]/],
    ];
    const results = await tdoEach(cases.map(([args]) => ({ args: [...args, '--db', db], cwd: dir })));
    for (const [i, [args, message, exitCode = 2]] of cases.entries()) {
      expect(results[i]!.code, `${args.join(' ')}: ${results[i]!.stderr}`).toBe(exitCode);
      expect(results[i]!.stderr, args.join(' ')).toMatch(message);
    }
    expect(existsSync(db)).toBe(false);
  }, 180_000);
});
