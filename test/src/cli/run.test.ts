import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTraceStore } from '../../../traces/index.ts';
import { tdo } from '../../support/cli.ts';

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
    const chosen = Object.values(out.selection as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(chosen).toBe(out.tool_calls);

    const store = openTraceStore(db);
    const episodes = store.listEpisodes({ runId: out.run_id, limit: 1000 });
    expect(episodes).toHaveLength(out.episodes);
    expect(episodes.reduce((n, e) => n + e.toolCalls, 0)).toBe(out.tool_calls);
    store.close();
  });

  it('prints a readable report by default and says the agent is simulated', async () => {
    const { code, stdout } = await tdo(['run', '--suite', 'lab', '--split', 'test', '--db', join(dir, 'text.db')]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/agent sim \(simulated selection model, not an LLM\)/);
    expect(stdout).toMatch(/success \d+\/\d+ = [\d.]+%/);
    expect(stdout).toMatch(/tdo traces list --run r-/);
  });
});

describe('tdo exits with 2 and a clear message on bad input', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['a bad number', ['run', '--suite', 'lab', '--repeat', '0'], /positive integer/],
    ['an unknown agent', ['run', '--suite', 'lab', '--agent', 'gpt'], /expected one of sim, llm/],
    ['an unknown suite', ['run', '--suite', 'nosuch'], /unknown suite "nosuch"/],
    ['no suite', ['run'], /needs --suite/],
    ['--model with the sim agent', ['run', '--suite', 'lab', '--model', 'gpt-4o'], /--model applies to --agent llm only/],
    ['the llm agent without an endpoint', ['run', '--suite', 'lab', '--agent', 'llm', '--model', 'm'], /OPENAI_BASE_URL/],
    ['an unknown description version', ['run', '--suite', 'lab', '--version', 'lab-0000000000'], /unknown description version/],
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
  });

  it('a broken suite file, naming the file and the problem', async () => {
    const suite = join(dir, 'broken.yaml');
    writeFileSync(suite, 'name: x\ntasks: [\n');
    const { code, stderr } = await tdo(['run', '--suite', suite, '--db', join(dir, 'x.db')]);
    expect(code).toBe(2);
    expect(stderr).toContain(suite);
    expect(stderr).toMatch(/not valid YAML/);
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

  it('an unknown episode or run', async () => {
    const db = join(dir, 'val.db');
    expect((await tdo(['traces', 'show', 'e-nope', '--db', db])).stderr).toMatch(/no episode "e-nope"/);
    const listed = await tdo(['traces', 'list', '--run', 'r-nope', '--db', db]);
    expect(listed.code).toBe(2);
    expect(listed.stderr).toMatch(/no run "r-nope"/);
  });
});
