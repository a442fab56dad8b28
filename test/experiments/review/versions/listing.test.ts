import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wilson } from '../../../../src/index.ts';
import { describe, expect, it } from 'vitest';
import { listVersionEntries } from '../../../../experiments/review/versions/listing.ts';
import { versionEntryJson } from '../../../../experiments/review/review-json.ts';
import { renderVersionListing } from '../../../../experiments/review/versions/render-listing.ts';
import { serverChoiceScores } from '../../../../src/run/server-choice.ts';
import { openTraceStore, type KindAndSettings, type TraceStore } from '../../../../traces/index.ts';
import { SUITE_RUN } from '../../../support/run-settings.ts';

function store(): TraceStore {
  return openTraceStore(join(mkdtempSync(join(tmpdir(), 'tdo-versions-')), 'tdo.db'));
}

/** A finished run of `episodes` episodes: the first `successes` succeed, the first `chose` call `server`, scored as a run scores them. */
function recordRun(
  s: TraceStore,
  versionIds: Record<string, string>,
  outcome: { episodes: number; successes: number; chose: number; server: string },
  kind: KindAndSettings = SUITE_RUN,
): string {
  const run = s.createRun({
    suite: 'lab',
    suitePath: '/x/lab.yaml',
    agent: 'sim',
    split: 'test',
    repeats: 1,
    seed: 0,
    concurrency: 1,
    versionIds,
    ...kind,
  });
  for (let i = 0; i < outcome.episodes; i++) {
    const e = s.startEpisode({ runId: run.id, taskId: `t${i}`, split: 'test', repeat: 0, seed: i });
    const server = i < outcome.chose ? outcome.server : 'other';
    s.addToolStep(e.id, { server, tool: 'calc', name: 'calc', args: {}, output: '1', isError: false, latencyMs: 1 });
    s.finishEpisode(e.id, { status: 'completed', answer: '1', success: i < outcome.successes, feedback: '', stop: 'answer' });
    for (const score of serverChoiceScores([outcome.server, 'other'], [{ server, isError: false }])) s.addScore(e.id, score);
  }
  s.setRunStatus(run.id, 'completed');
  return run.id;
}

describe('listVersionEntries', () => {
  it('lists lineage depth first with who made each version', () => {
    const s = store();
    const seed = s.recordVersion({ server: 'lab', descriptions: { calc: 'Adds.' }, origin: 'seed' });
    const child = s.recordVersion({
      server: 'lab',
      descriptions: { calc: 'Adds numbers.' },
      origin: 'optimizer',
      originDetail: { run_id: 'r-opt', target: 'selection', candidate: 3 },
      parents: [seed.id],
    });
    const other = s.recordVersion({ server: 'labplus', descriptions: { smart: 'Does one operation.' }, origin: 'seed' });
    const grandchild = s.recordVersion({
      server: 'lab',
      descriptions: { calc: 'Adds numbers. Not for files.' },
      origin: 'imported',
      originDetail: { file: '/tmp/edit.json' },
      parents: [child.id],
    });
    const entries = listVersionEntries(s);
    expect(entries.map((e) => [e.id, e.depth])).toEqual([
      [seed.id, 0],
      [child.id, 1],
      [grandchild.id, 2],
      [other.id, 0],
    ]);
    expect(entries[0]!.children).toEqual([child.id]);
    expect(entries[1]!.origin).toMatchObject({ kind: 'optimizer', label: 'optimizer run r-opt (target selection, candidate 3)', target: 'selection' });
    expect(entries[2]!.origin.label).toBe('imported from edit.json');
    expect(entries[2]!.parents).toEqual([child.id]);
    expect(listVersionEntries(s, 'labplus').map((e) => e.id)).toEqual([other.id]);
    expect(renderVersionListing(entries)).toContain(`└ ${child.id}`);
    s.close();
  });

  it("reports each version's latest measured success, first-choice share and used-server share, skipping optimizer runs", () => {
    const s = store();
    const seed = s.recordVersion({ server: 'lab', descriptions: { calc: 'Adds.' }, origin: 'seed' });
    const unmeasured = s.recordVersion({ server: 'lab', descriptions: { calc: 'Adds numbers.' }, origin: 'manual' });
    recordRun(s, { lab: seed.id }, { episodes: 4, successes: 1, chose: 1, server: 'lab' });
    const latest = recordRun(s, { lab: seed.id }, { episodes: 4, successes: 3, chose: 2, server: 'lab' });
    const optimizer = recordRun(s, { lab: seed.id }, { episodes: 4, successes: 0, chose: 0, server: 'lab' }, { kind: 'optimize', settings: { optimize: {} } });
    s.createOptimizerRun({ runId: optimizer, target: 'success', server: 'lab', seedVersionId: seed.id });

    const entries = listVersionEntries(s);
    const entry = entries.find((e) => e.id === seed.id)!;
    expect(entry.measured).toMatchObject({ runId: latest, success: wilson(3, 4), firstChoiceShare: 0.5, usedServer: 0.5, suite: 'lab', split: 'test' });
    // --json flattens the success into counts and a rate, as it always has
    expect(versionEntryJson(entry).measured).toMatchObject({
      runId: latest,
      episodes: 4,
      successes: 3,
      successRate: 0.75,
      successLow: wilson(3, 4).low,
      successHigh: wilson(3, 4).high,
    });
    // success with its interval, as tdo experiment gives it: 3 of 4 is 75.0% [30%, 95%]
    expect(renderVersionListing(entries)).toContain('75.0% [30%, 95%]');
    expect(entries.find((e) => e.id === unmeasured.id)!.measured).toBeNull();
    expect(renderVersionListing(entries)).toContain('not measured');
    s.close();
  });

  it('says how to get versions when there are none', () => {
    const s = store();
    expect(listVersionEntries(s)).toEqual([]);
    expect(renderVersionListing([])).toMatch(/tdo run --suite lab/);
    s.close();
  });
});
