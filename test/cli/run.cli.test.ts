import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openTraceStore, type CreateRunInput, type KindAndSettings, type RunSettings } from '../../traces/index.ts';
import { tdo } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-cli-'));

describe('tdo run', () => {
  it('runs the lab val split with the sim agent and prints the JSON a script needs', async () => {
    const db = join(dir, 'val.db');
    const { code, stdout } = await tdo(['run', '--suite', 'lab', '--split', 'val', '--json', '--db', db]);
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out).toMatchObject({ status: 'completed', suite: 'lab', agent: 'sim', simulated: true, split: 'val' });
    expect(out.success_rate).toBeGreaterThan(0);
    expect(out.success_rate).toBeLessThan(1);
    expect(out.episodes).toBeGreaterThanOrEqual(16);
    const chosen = Object.values(out.calls_by_tool as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(chosen).toBe(out.tool_calls);

    const store = openTraceStore(db);
    const episodes = store.listEpisodes({ runId: out.run_id, limit: 1000 });
    expect(episodes).toHaveLength(out.episodes);
    expect(episodes.reduce((n, e) => n + e.toolCalls, 0)).toBe(out.tool_calls);
    store.close();
  });

  it('prints a readable report by default and says the agent is simulated (on the paraphrase split)', async () => {
    const { code, stdout } = await tdo(['run', '--suite', 'lab', '--split', 'paraphrase', '--db', join(dir, 'text.db')]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/suite lab {2}split paraphrase/);
    expect(stdout).toMatch(/success \d+\/24 judged = /);
    expect(stdout).toMatch(/agent sim \(simulated selection model, not an LLM\)/);
    expect(stdout).toMatch(/success \d+\/\d+ judged = [\d.]+%/);
    // the database is not the default one, so the printed command names it
    expect(stdout).toContain(`\`tdo traces list --run ${/run (r-[0-9a-f]+)/.exec(stdout)?.[1]} --db ${join(dir, 'text.db')}\``);
    // a pipe gets plain text: no colour codes
    expect(stdout).not.toContain('\u001b[');
    const listed = await tdo(['traces', 'list', '--limit', '3', '--db', join(dir, 'text.db')]);
    expect(listed.stdout).toMatch(/showing the 3 newest/);
    expect(listed.stdout).not.toContain('\u001b[');
  });
});

// each case is one `tdo` process of its own: run side by side, they use every core
describe.concurrent('tdo exits with 2 and a clear message on bad input', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['a bad number', ['run', '--suite', 'lab', '--repeat', '0'], /positive integer/],
    ['an unknown agent', ['run', '--suite', 'lab', '--agent', 'gpt'], /expected one of sim, sim:PERSONA or llm \(`tdo agents` lists them\)/],
    ['an unknown split', ['run', '--suite', 'lab', '--split', 'holdout'], /expected one of train, val, test, paraphrase, all/],
    ['an unknown suite', ['run', '--suite', 'nosuch'], /unknown suite "nosuch": .*\(known: .*lab, /],
    ['a misspelled suite', ['run', '--suite', 'lbb'], /unknown suite "lbb" \(did you mean "lab"\?\)/],
    ['no suite', ['run'], /needs --suite/],
    ['--model with the sim agent', ['run', '--suite', 'lab', '--model', 'gpt-4o'], /--model applies to --agent llm only/],
    ['the llm agent without an endpoint', ['run', '--suite', 'lab', '--agent', 'llm', '--model', 'm'], /OPENAI_BASE_URL/],
  ];
  for (const [what, args, message] of cases) {
    it(what, async () => {
      const { code, stderr } = await tdo([...args, '--db', join(dir, 'bad-input.db')]);
      expect(code).toBe(2);
      expect(stderr).toMatch(message);
    });
  }

  it('an unknown command', async () => {
    const { code, stderr } = await tdo(['frobnicate']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown command/);
    for (const args of [
      ['frobnicate', '--help'],
      ['traces', 'frob', '-h'],
    ]) {
      const asked = await tdo(args);
      expect([asked.code, asked.stdout]).toEqual([2, '']);
      expect(asked.stderr).toMatch(/unknown command '(frobnicate|frob)'/);
    }
  });

  it('a broken suite file, naming the file and the problem', async () => {
    const suite = join(dir, 'broken.yaml');
    writeFileSync(suite, 'name: x\ntasks: [\n');
    const { code, stderr } = await tdo(['run', '--suite', suite, '--db', join(dir, 'x.db')]);
    expect(code).toBe(2);
    expect(stderr).toContain(suite);
    expect(stderr).toMatch(/not valid YAML/);
  });

  it('a plan label that no server lists, with the name it meant, before any episode is run', async () => {
    const suite = join(dir, 'mislabelled.yaml');
    const server = `{ name: lab, command: '\${NODE}', args: ['\${TDO_ROOT}/bin/tdo.js', 'serve', 'lab'] }`;
    const task = (id: string, tool: string) =>
      `  - { id: ${id}, split: val, prompt: p, plan: [{ intent: add 1 and 2, tools: [${tool}] }], check: { kind: answer, expected: 3 } }`;
    writeFileSync(
      suite,
      [
        'name: mislabelled',
        'systemPrompt: s',
        `servers: [${server}]`,
        'tasks:',
        task('typo', 'calculatr'),
        task('prefix', 'lb/calculator'),
        task('fine', 'lab/calculator'),
      ].join('\n'),
    );
    const db = join(dir, 'mislabelled.db');
    const { code, stderr } = await tdo(['run', '--suite', suite, '--split', 'val', '--db', db]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/task "typo", step 1: no server lists the tool "calculatr" \(did you mean "calculator"\?\)/);
    expect(stderr).toMatch(
      /task "prefix", step 1: "lb\/calculator" names the server "lb", which is no server of the suite \(its servers: lab\) \(did you mean "lab\/calculator"\?\)/,
    );
    expect(stderr).not.toMatch(/"fine"/);
    const store = openTraceStore(db);
    expect(store.listRuns()).toHaveLength(0);
    store.close();
  });

  it('a server command that does not exist, named as not found', async () => {
    const suite = join(dir, 'no-command.yaml');
    const task = '  - { id: a, split: val, prompt: p, plan: [{ intent: add, tools: [calculator] }], check: { kind: answer, expected: 3 } }';
    writeFileSync(suite, ['name: no-command', 'systemPrompt: s', 'servers: [{ name: x, command: tdo-no-such-command }]', 'tasks:', task].join('\n'));
    const { code, stderr } = await tdo(['run', '--suite', suite, '--split', 'val', '--db', join(dir, 'x.db')]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/cannot start MCP server "x": the command "tdo-no-such-command" was not found/);
    expect(stderr).not.toMatch(/ENOENT/);
  });

  it('a database file that is not a database, which is left untouched', async () => {
    const db = join(dir, 'garbage.db');
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    writeFileSync(db, bytes);
    const { code, stderr } = await tdo(['run', '--suite', 'lab', '--db', db]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/not a SQLite database/);
    expect(readFileSync(db).equals(bytes)).toBe(true);
  });

  it('reading traces from a database that does not exist, without creating it', async () => {
    const db = join(dir, 'missing', 'none.db');
    const { code, stderr } = await tdo(['traces', 'list', '--db', db]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/no trace database at/);
    expect(() => readFileSync(db)).toThrow();
  });

  it('resuming a run in a database that does not exist, without creating it (run and optimize)', async () => {
    const db = join(dir, 'missing-resume', 'none.db');
    for (const command of ['run', 'optimize']) {
      const { code, stderr } = await tdo([command, '--resume', 'r-nope', '--db', db]);
      expect(code, command).toBe(2);
      expect(stderr).toMatch(/no trace database at .*none\.db, so no run "r-nope" to resume/);
      expect(() => readFileSync(db)).toThrow();
    }
  });

  it('an unknown episode or run', async () => {
    const db = join(dir, 'val.db');
    expect((await tdo(['traces', 'show', 'e-nope', '--db', db])).stderr).toMatch(/no episode "e-nope" in .*val\.db \(see `tdo traces list --db .*val\.db`\)/);
    const listed = await tdo(['traces', 'list', '--run', 'r-nope', '--db', db]);
    expect(listed.code).toBe(2);
    expect(listed.stderr).toMatch(/no run "r-nope"/);
  });

  it('an unknown description version, with the command that lists those of the same database', async () => {
    const db = join(dir, 'val.db');
    const seeVersions = /unknown description version "lab-0000000000" in .*val\.db \(see `tdo versions --db .*val\.db`\)/;
    const run = await tdo(['run', '--suite', 'lab', '--version', 'lab-0000000000', '--db', db]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(seeVersions);
    const diff = await tdo(['diff', 'lab-0000000000', 'lab-0000000001', '--db', db]);
    expect(diff.code).toBe(2);
    expect(diff.stderr).toMatch(seeVersions);
  });
});

describe('tdo run --resume refuses runs that are not suite runs, and writes nothing', () => {
  /** Every row of every table, so a refusal that wrote anything at all shows up. */
  function contents(db: string): Record<string, unknown[]> {
    const sqlite = new Database(db, { readonly: true });
    try {
      const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>;
      return Object.fromEntries(tables.map(({ name }) => [name, sqlite.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]));
    } finally {
      sqlite.close();
    }
  }

  /** A run left interrupted, with one finished episode and one that was running when it stopped. */
  function stoppedRun(db: string, input: KindAndSettings & { split: string; agent?: string }, optimizer = false): string {
    const store = openTraceStore(db);
    try {
      const run = store.createRun({
        suite: 'lab',
        suitePath: 'lab',
        agent: input.agent ?? 'sim',
        split: input.split,
        repeats: 1,
        seed: 0,
        concurrency: 1,
        versionIds: { lab: 'lab-0000000001' },
        kind: input.kind,
        settings: input.settings,
      } as CreateRunInput);
      if (optimizer)
        store.createOptimizerRun({
          runId: run.id,
          target: 'success',
          server: 'lab',
          seedVersionId: 'lab-0000000001',
        });
      const done = store.startEpisode({ runId: run.id, taskId: 'notes-sum', split: 'val', repeat: 0, seed: 1 });
      store.addToolStep(done.id, {
        server: 'lab',
        tool: 'read_file',
        name: 'read_file',
        args: { path: 'notes.txt' },
        output: 'memo',
        isError: false,
        latencyMs: 1,
      });
      store.finishEpisode(done.id, { status: 'completed', answer: '69504', success: true, feedback: 'Correct.', stop: 'answered' });
      store.startEpisode({ runId: run.id, taskId: 'convert-miles', split: 'val', repeat: 0, seed: 2 });
      store.setRunStatus(run.id, 'interrupted');
      return run.id;
    } finally {
      store.close();
    }
  }

  const imported: RunSettings<'imported'> = {
    imported: { from: 'langfuse', baseUrl: 'https://langfuse.example', sourceRun: 'r-elsewhere', importedAt: '2026-11-28T10:00:00.000Z' },
  };
  const cases: Array<[string, (db: string) => string, RegExp]> = [
    [
      'an optimize run, pointing at tdo optimize --resume',
      (db) => stoppedRun(db, { split: 'optimize', kind: 'optimize', settings: { optimize: { server: 'lab' }, conditions: {} } }, true),
      /is an optimize run, not a suite run.*Continue it with `tdo optimize --resume r-[0-9a-f]+ --db .*tdo\.db`/,
    ],
    [
      'an optimize run, whatever its split says',
      (db) => stoppedRun(db, { split: 'val', kind: 'optimize', settings: { optimize: { server: 'lab' } } }),
      /is an optimize run.*tdo optimize --resume r-/,
    ],
    [
      'a run imported from Langfuse',
      (db) => stoppedRun(db, { split: 'val', kind: 'imported', settings: imported }),
      /imported from Langfuse \(run r-elsewhere at https:\/\/langfuse\.example\).*cannot be resumed.*--session r-elsewhere/,
    ],
    [
      'a run recorded by tdo proxy',
      (db) =>
        stoppedRun(db, {
          split: 'live',
          agent: 'host:claude-code',
          kind: 'proxy',
          settings: { proxy: { server: 'lab', command: 'node lab.js', servedVersionId: null }, clientInfo: null },
        }),
      /\(split "live", agent host:claude-code\) was not made by `tdo run`/,
    ],
  ];
  for (const [what, makeRun, message] of cases) {
    it(what, async () => {
      const db = join(mkdtempSync(join(tmpdir(), 'tdo-resume-refused-')), 'tdo.db');
      const runId = makeRun(db);
      const before = contents(db);
      const { code, stdout, stderr } = await tdo(['run', '--resume', runId, '--db', db]);
      expect(code, stderr).toBe(2);
      expect(stderr).toMatch(message);
      expect(stderr).toContain(runId);
      expect(stdout).toBe('');
      // not one row written or removed: the running episode is still there, nothing was added, the status is as it was
      expect(contents(db)).toEqual(before);
    });
  }
});
