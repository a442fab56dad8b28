// A stateful server of our own (test/fixtures/servers/notes-server.mjs, notes in a file) run as a suite: without
// isolation each episode sees the notes earlier ones created; with ${EPISODE_DIR} every episode starts fresh, with
// ${RUN_DIR} every run does, and the folders are gone afterwards unless TDO_KEEP_FOLDERS=1.
import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SimAgent } from '../../../src/agents/sim/agent.ts';
import { KEEP_FOLDERS_ENV } from '../../../src/host/scratch.ts';
import type { EpisodeOutcome } from '../../../src/run/episode.ts';
import { runSuite } from '../../../src/run/run-suite.ts';
import { loadSuite } from '../../../src/suite/load.ts';
import { tempStore } from '../../support/lab-runs.ts';
import { NOTES_SERVER, notesFileOf, writeNotesSuite } from '../../support/notes-suite.ts';

/** Runs the suite's val task `repeats` times, one episode after another, and returns each episode's outcome. */
async function episodes(path: string, repeats: number): Promise<EpisodeOutcome[]> {
  const outcomes: EpisodeOutcome[] = [];
  const report = await runSuite({
    store: tempStore(),
    loaded: loadSuite(path),
    agent: new SimAgent(),
    options: { split: 'val', repeats, seed: 1, concurrency: 1, versionIds: [] },
    onEpisode: (o) => outcomes.push(o),
  });
  expect(report.errors.causes).toEqual([]);
  return outcomes.sort((a, b) => a.repeat - b.repeat);
}

const notesFiles = (outcomes: EpisodeOutcome[]) => outcomes.map((o) => notesFileOf(o.calls[0]!.output));

afterEach(() => {
  delete process.env[KEEP_FOLDERS_ENV];
});

describe('a stateful server across episodes', () => {
  it('leaks state from one episode to the next without isolation: the repeated create is refused', async () => {
    const { path, dir } = writeNotesSuite({});
    const outcomes = await episodes(path, 3);
    expect(outcomes.map((o) => o.success)).toEqual([true, false, false]);
    expect(outcomes[1]!.calls[0]!.output).toContain('exists already');
    expect(existsSync(`${dir}/notes.json`)).toBe(true);
  });

  it('starts every episode fresh with ${EPISODE_DIR} in env: a new process and an empty folder each, removed after', async () => {
    const { path, dir } = writeNotesSuite({ env: { NOTES_DIR: '${EPISODE_DIR}' } });
    const outcomes = await episodes(path, 3);
    expect(outcomes.map((o) => o.success)).toEqual([true, true, true]);
    const files = notesFiles(outcomes);
    expect(new Set(files).size).toBe(3);
    for (const file of files) expect(existsSync(file!)).toBe(false);
    expect(existsSync(`${dir}/notes.json`)).toBe(false);
  });

  it('starts every episode fresh with cwd: ${EPISODE_DIR}, and keeps the folders with TDO_KEEP_FOLDERS=1', async () => {
    process.env[KEEP_FOLDERS_ENV] = '1';
    const { path } = writeNotesSuite({ cwd: '${EPISODE_DIR}' });
    const outcomes = await episodes(path, 2);
    expect(outcomes.map((o) => o.success)).toEqual([true, true]);
    const files = notesFiles(outcomes);
    // ROOT/episodes/EPISODE_ID/SERVER: the folder is named by the episode it served
    expect(outcomes.map((o, i) => files[i]!.endsWith(`/episodes/${o.episodeId}/notes/notes.json`))).toEqual([true, true]);
    for (const file of files) expect(existsSync(file!)).toBe(true);
    // ROOT/episodes/EPISODE_ID/notes/notes.json: ROOT is the fresh tdo-XXXXXX folder, the only thing to remove
    const root = dirname(dirname(dirname(dirname(files[0]!))));
    expect(root).toMatch(/\/tdo-[^/]+$/);
    rmSync(root, { recursive: true });
  });

  it('with isolation: episode alone restarts the process but keeps a state file in a fixed place: it still leaks', async () => {
    const { path } = writeNotesSuite({ isolation: 'episode' });
    const outcomes = await episodes(path, 2);
    expect(outcomes.map((o) => o.success)).toEqual([true, false]);
  });

  it('shares ${RUN_DIR} among the episodes of one run, and gives the next run a fresh one', async () => {
    const { path } = writeNotesSuite({ env: { NOTES_DIR: '${RUN_DIR}' } });
    const first = await episodes(path, 2);
    const second = await episodes(path, 2);
    expect(first.map((o) => o.success)).toEqual([true, false]);
    expect(second.map((o) => o.success)).toEqual([true, false]);
    const [firstFile, secondFile] = [notesFiles(first)[0]!, notesFiles(second)[0]!];
    expect(firstFile).not.toBe(secondFile);
    expect(firstFile.endsWith('/run/notes.json')).toBe(true);
    expect(existsSync(firstFile)).toBe(false);
  });
});

describe('a stateful server that serves HTTP itself (transport: http)', () => {
  it('is launched afresh per episode with ${EPISODE_DIR}, and shared without it', async () => {
    const http = { args: [NOTES_SERVER, '--http'], transport: 'http' };
    const isolated = await episodes(writeNotesSuite({ ...http, env: { NOTES_DIR: '${EPISODE_DIR}' } }).path, 2);
    expect(isolated.map((o) => o.success)).toEqual([true, true]);
    const shared = await episodes(writeNotesSuite(http).path, 2);
    expect(shared.map((o) => o.success)).toEqual([true, false]);
  });
});
