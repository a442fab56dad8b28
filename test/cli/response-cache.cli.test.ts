import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTraceStore } from '../../traces/index.ts';
import { tdo } from '../support/cli.ts';
import { finalAnswer, startOpenAiDouble } from '../support/openai-double.ts';

describe("the LLM agent's response cache through the CLI", () => {
  it('replays stored answers from the same endpoint only; --no-cache asks again; a dead endpoint is never answered from the cache', async () => {
    const double = await startOpenAiDouble(() => finalAnswer('I cannot tell.'));
    const db = join(mkdtempSync(join(tmpdir(), 'tdo-cache-')), 'tdo.db');
    const run = (baseURL: string, ...extra: string[]) =>
      tdo(['run', '--suite', 'lab', '--split', 'val', '--agent', 'llm', '--model', 'double-model', '--db', db, '--json', ...extra], {
        OPENAI_BASE_URL: baseURL,
        OPENAI_API_KEY: 'k',
      });
    try {
      const first = await run(double.baseURL);
      expect(first.code, first.stderr).toBe(0);
      const asked = double.requests.length;
      expect(asked).toBe(JSON.parse(first.stdout).episodes);

      expect((await run(double.baseURL)).code).toBe(0);
      expect(double.requests).toHaveLength(asked);

      expect((await run(double.baseURL, '--no-cache')).code).toBe(0);
      expect(double.requests).toHaveLength(2 * asked);

      // the same requests to an endpoint that is not there: every episode is an error, none a replay
      const dead = JSON.parse((await run('http://127.0.0.1:9/v1', '--max-error-rate', '1')).stdout) as { run_id: string };
      const store = openTraceStore(db);
      try {
        const episodes = store.listEpisodes({ runId: dead.run_id, limit: 1000 });
        expect(episodes).toHaveLength(asked);
        expect(episodes.every((e) => e.status === 'error' && /Cannot reach the model endpoint http:\/\/127\.0\.0\.1:9\/v1/.test(e.feedback ?? ''))).toBe(true);
      } finally {
        store.close();
      }
    } finally {
      await double.close();
    }
  }, 180_000);
});
