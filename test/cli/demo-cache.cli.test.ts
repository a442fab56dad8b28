import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';
import { finalAnswer, startOpenAiDouble } from '../support/openai-double.ts';

describe('tdo demo --no-cache', () => {
  it('replays stored answers by default and asks the endpoint again with --no-cache, as `tdo run` does', async () => {
    const double = await startOpenAiDouble(() => finalAnswer('I cannot tell.'));
    const dir = mkdtempSync(join(tmpdir(), 'tdo-demo-cache-'));
    // the smallest demo: the least budget the market's 12 val tasks allow, one repeat
    const demo = (...extra: string[]) =>
      tdo(
        [
          'demo',
          'overconfident',
          '--agent',
          'llm',
          '--model',
          'double-model',
          '--budget',
          '18',
          '--repeat',
          '1',
          '--db',
          join(dir, 'tdo.db'),
          '--out',
          join(dir, 'report'),
          '--json',
          ...extra,
        ],
        { OPENAI_BASE_URL: double.baseURL, OPENAI_API_KEY: 'k' },
      );
    try {
      const first = await demo();
      expect(first.code, first.stderr).toBe(0);
      const asked = double.requests.length;
      expect(asked).toBeGreaterThan(0);

      const replayed = await demo();
      expect(replayed.code, replayed.stderr).toBe(0);
      expect(double.requests).toHaveLength(asked);

      const fresh = await demo('--no-cache');
      expect(fresh.code, fresh.stderr).toBe(0);
      // every request again, including those the first demo answered from its own earlier answers
      expect(double.requests.length - asked).toBeGreaterThanOrEqual(asked);
    } finally {
      await double.close();
    }
  }, 300_000);

  it('lists --no-cache with the help text of `tdo run`', async () => {
    const [demo, run] = await Promise.all([tdo(['demo', '--help']), tdo(['run', '--help'])]);
    const noCache = (help: string) =>
      help
        .slice(help.indexOf('--no-cache'))
        .split(/\n\s*--/)[0]!
        .replace(/\s+/g, ' ');
    expect(demo.stdout).toContain('--no-cache');
    expect(noCache(demo.stdout)).toBe(noCache(run.stdout));
  }, 30_000);
});
