// Record and replay (src/models/cassette.ts): a search with the LLM agent and proposer recorded against the
// OpenAI-compatible double replays to the same winner once the double is gone, and a replay that asks what the
// cassette does not hold stops with exit 2 naming what differs.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';
import { startOpenAiDouble, type OpenAiDouble } from '../support/openai-double.ts';
import { descriptionReader } from '../fixtures/cassettes/lab-run.ts';

let dir: string;
let double: OpenAiDouble;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tdo-cassette-'));
  double = await startOpenAiDouble(descriptionReader);
});

let doubleClosed = false;
afterAll(async () => {
  if (!doubleClosed) await double.close();
});

const search = (db: string, ...extra: string[]) => [
  'optimize',
  '--suite',
  'lab',
  '--budget',
  '30',
  '--agent',
  'llm',
  '--proposer',
  'llm',
  '--model',
  'recorded-model',
  '--no-cache',
  '--db',
  db,
  '--json',
  ...extra,
];

interface SearchReport {
  status: string;
  best: { descriptions: Record<string, string> };
  seed: Record<string, unknown>;
}

describe('a search recorded to a cassette', () => {
  it('replays to the same winner and figures with no endpoint running', { timeout: 600_000 }, async () => {
    const cassette = join(dir, 'search.cassette.jsonl');
    const recorded = await tdo(search(join(dir, 'recorded.db'), '--record', cassette), { OPENAI_BASE_URL: double.baseURL, OPENAI_API_KEY: 'k' });
    expect(recorded.code, recorded.stderr).toBe(0);
    const calls = double.requests.length;
    expect(calls).toBeGreaterThan(30);
    expect(readFileSync(cassette, 'utf8').trim().split('\n').length).toBeGreaterThan(1);
    await double.close();
    doubleClosed = true;

    // no OPENAI_BASE_URL and no server: every answer comes from the cassette
    const replayed = await tdo(search(join(dir, 'replayed.db'), '--replay', cassette));
    expect(replayed.code, replayed.stderr).toBe(0);
    const before = JSON.parse(recorded.stdout) as SearchReport;
    const after = JSON.parse(replayed.stdout) as SearchReport;
    expect(after.status).toBe('completed');
    expect(after.best.descriptions).toEqual(before.best.descriptions);
    expect(after.seed).toEqual(before.seed);
  });

  it(
    'stops with exit 3, as an errored episode does, when the replay asks what the cassette does not hold, naming the model',
    { timeout: 300_000 },
    async () => {
      const cassette = join(dir, 'search.cassette.jsonl');
      const asked = await tdo([
        'run',
        '--suite',
        'lab',
        '--split',
        'val',
        '--agent',
        'llm',
        '--model',
        'another-model',
        '--replay',
        cassette,
        '--db',
        join(dir, 'run.db'),
      ]);
      expect(asked.code).toBe(2);
      expect(asked.stderr).toContain(
        `The cassette ${cassette} holds no answer for a request of the model "another-model": it holds no request for the model "another-model"`,
      );
    },
  );

  it('refuses --record with --replay, and --replay of a file that is not a cassette', { timeout: 60_000 }, async () => {
    const both = await tdo([
      'run',
      '--suite',
      'lab',
      '--agent',
      'llm',
      '--model',
      'm',
      '--record',
      join(dir, 'a'),
      '--replay',
      join(dir, 'b'),
      '--db',
      join(dir, 'x.db'),
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Give --record or --replay, not both.');
    const notCassette = await tdo(['run', '--suite', 'lab', '--agent', 'llm', '--model', 'm', '--replay', join(dir, 'recorded.db'), '--db', join(dir, 'y.db')]);
    expect(notCassette.code).toBe(2);
    expect(notCassette.stderr).toContain('is not a tdo cassette');
  });

  it('refuses a --replay or --record path it cannot use before the database is made, writing nothing', { timeout: 60_000 }, async () => {
    const db = join(dir, 'never.db');
    const llmRun = (...extra: string[]) => ['run', '--suite', 'lab', '--agent', 'llm', '--model', 'm', '--db', db, ...extra];
    const missing = await tdo(llmRun('--replay', join(dir, 'missing.cassette.jsonl')));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`The cassette ${join(dir, 'missing.cassette.jsonl')} does not exist`);
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'precious notes\n');
    const notCassette = await tdo(['optimize', '--suite', 'lab', '--proposer', 'llm', '--model', 'm', '--db', db, '--replay', notes]);
    expect(notCassette.code).toBe(2);
    expect(notCassette.stderr).toContain('is not a tdo cassette');
    const noFolder = await tdo(llmRun('--record', join(dir, 'no-such-folder', 'run.cassette.jsonl')));
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toContain('does not exist; create it or give another path');
    expect(existsSync(db)).toBe(false);
    expect(existsSync(join(dir, 'no-such-folder'))).toBe(false);
    expect(readFileSync(notes, 'utf8')).toBe('precious notes\n');
  });
});
