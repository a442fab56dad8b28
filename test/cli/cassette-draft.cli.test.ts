// The committed drafting cassette (test/fixtures/cassettes/, written by record-draft.ts): it replays here with no
// endpoint to the draft it was recorded with, and drafting again today sends exactly the recorded requests, so a
// change to what `tdo suite draft --generate` sends a model fails here until the fixture is recorded again.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cassetteRequests as requests } from '../support/cassette-requests.ts';
import { tdo } from '../support/cli.ts';
import { draftingModel } from '../support/drafting-model.ts';
import { startOpenAiDouble } from '../support/openai-double.ts';
import { DRAFT_CASSETTE, DRAFT_RESULT, draftArgs, draftResultOf } from '../fixtures/cassettes/lab-draft.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tdo-cassette-draft-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the committed drafting cassette', () => {
  it('replays with no endpoint to the draft it was recorded with', { timeout: 60_000 }, async () => {
    const out = join(dir, 'replayed.yaml');
    // Port 9 (discard) has no listener here: a call that left the cassette would fail the draft.
    const replayed = await tdo([...draftArgs(out, join(dir, 'replay.db')), '--replay', DRAFT_CASSETTE], {
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      OPENAI_API_KEY: 'k',
    });
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(draftResultOf(replayed.stdout, out)).toEqual(JSON.parse(readFileSync(DRAFT_RESULT, 'utf8')));
  });

  it('holds exactly the requests tdo sends today (else run npx tsx test/fixtures/cassettes/record-draft.ts)', { timeout: 60_000 }, async () => {
    const double = await startOpenAiDouble(draftingModel);
    try {
      const fresh = join(dir, 'fresh.cassette.jsonl');
      const out = join(dir, 'fresh.yaml');
      const recorded = await tdo([...draftArgs(out, join(dir, 'record.db')), '--record', fresh], { OPENAI_BASE_URL: double.baseURL, OPENAI_API_KEY: 'k' });
      expect(recorded.code, recorded.stderr).toBe(0);
      const committed = requests(DRAFT_CASSETTE);
      expect(committed).toHaveLength(6);
      expect(requests(fresh)).toEqual(committed);
    } finally {
      await double.close();
    }
  });
});
