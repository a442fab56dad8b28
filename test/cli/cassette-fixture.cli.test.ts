// The committed cassette (test/fixtures/cassettes/, written by record.ts): it replays here with no endpoint at all
// to the result it was recorded with, and recording the same run again today sends exactly the recorded requests,
// so a change to what tdo sends a model fails here until the fixture is recorded again.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cassetteRequests as requests } from '../support/cassette-requests.ts';
import { tdo } from '../support/cli.ts';
import { startOpenAiDouble } from '../support/openai-double.ts';
import { CASSETTE, descriptionReader, RESULT, resultOf, runArgs, writeMiniSuite } from '../fixtures/cassettes/lab-run.ts';

let dir: string;
let suite: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tdo-cassette-fixture-'));
  suite = writeMiniSuite(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the committed cassette', () => {
  it('replays with no endpoint to the result it was recorded with', async () => {
    // Port 9 (discard) has no listener here: a call that left the cassette would fail the run.
    const replayed = await tdo([...runArgs(suite, join(dir, 'replay.db')), '--replay', CASSETTE], {
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      OPENAI_API_KEY: 'k',
    });
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(resultOf(replayed.stdout)).toEqual(JSON.parse(readFileSync(RESULT, 'utf8')));
  });

  it('holds exactly the requests tdo sends today (else run npx tsx test/fixtures/cassettes/record.ts)', async () => {
    const double = await startOpenAiDouble(descriptionReader);
    try {
      const fresh = join(dir, 'fresh.cassette.jsonl');
      const recorded = await tdo([...runArgs(suite, join(dir, 'record.db')), '--record', fresh], { OPENAI_BASE_URL: double.baseURL, OPENAI_API_KEY: 'k' });
      expect(recorded.code, recorded.stderr).toBe(0);
      const committed = requests(CASSETTE);
      expect(committed).toHaveLength(6);
      expect(requests(fresh)).toEqual(committed);
    } finally {
      await double.close();
    }
  });
});
