// Issue 34, finding 10: `tdo experiment` checks its agents, conditions and queue before it opens any store, as run and
// optimize do, so refused input is named for what it is (not as a missing database) and leaves no database file.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdoEach } from '../support/cli.ts';

describe('tdo experiment refuses bad input before opening a store', () => {
  it('names the agent, condition or queue it cannot use (exit 2; 3 for a queue that does not answer) and leaves no database file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-experiment-refused-'));
    const db = join(dir, 'never.db');
    const experiment = ['experiment', '--suite', 'lab', '--version', 'v-1'];
    const cases: Array<[string[], RegExp, number?]> = [
      [['--agent', 'sim:nope'], /unknown sim persona "nope"/],
      [['--agents', 'sim,sim:nope'], /unknown sim persona "nope"/],
      [['--agent', 'llm'], /--agent llm needs --model NAME/],
      [['--agent', 'llm', '--model', 'm'], /No model endpoint: set OPENAI_BASE_URL/],
      [['--condition', 'x=y'], /no suite of lab declares the condition "x"/],
      [['--queue', 'redis://127.0.0.1:6379/x'], /--queue redis:\/\/127\.0\.0\.1:6379\/x: may end in a database number only/],
      // nothing listens on port 9
      [['--queue', 'redis://127.0.0.1:9'], /cannot reach the episode queue at redis:\/\/127\.0\.0\.1:9\/0/, 3],
    ];
    const results = await tdoEach(cases.map(([args]) => ({ args: [...experiment, ...args, '--db', db], cwd: dir })));
    for (const [i, [args, message, exitCode = 2]] of cases.entries()) {
      expect(results[i]!.code, `${args.join(' ')}: ${results[i]!.stderr}`).toBe(exitCode);
      expect(results[i]!.stderr, args.join(' ')).toMatch(message);
    }
    expect(existsSync(db)).toBe(false);
  }, 300_000);
});
