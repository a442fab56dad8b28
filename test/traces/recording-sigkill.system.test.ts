// A run killed with SIGKILL must lose none of the steps it had already recorded.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it, onTestFinished } from 'vitest';
import { openTraceStore } from '../../traces/index.ts';
import { tempDir } from './helpers.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const writeStepsFixture = fileURLToPath(new URL('./fixtures/write-steps.ts', import.meta.url));
const STEPS_BEFORE_KILL = 50;
/** far more than we wait for, so the child is always killed mid-stream */
const MAX_STEPS = 1_000_000;

it('keeps every step a process reported as committed when it is killed with SIGKILL', async () => {
  const path = join(await tempDir(), 'tdo.db');
  const child = spawn(process.execPath, ['--import', 'tsx', writeStepsFixture, path, String(MAX_STEPS)], {
    cwd: repoRoot,
  });
  onTestFinished(() => {
    child.kill('SIGKILL');
  });

  let episodeId: string | undefined;
  const reported: number[] = [];
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let buffered = '';
  child.stdout.on('data', (d: Buffer) => {
    buffered += d.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const [word, value] = line.split(' ');
      if (word === 'episode') episodeId = value;
      if (word === 'step') reported.push(Number(value));
      if (reported.length === STEPS_BEFORE_KILL) child.kill('SIGKILL');
    }
  });
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('close', (code, signal) => done({ code, signal })));

  expect(exit, stderr).toEqual({ code: null, signal: 'SIGKILL' });
  expect(episodeId).toBeDefined();
  expect(reported.length).toBeGreaterThanOrEqual(STEPS_BEFORE_KILL);

  const store = openTraceStore(path);
  onTestFinished(() => store.close());
  const trajectory = store.getTrajectory(episodeId ?? '');
  const stored = trajectory?.steps.map((s) => s.seq) ?? [];
  expect(stored).toEqual(expect.arrayContaining(reported));
  // nothing half-written: stored steps are a gapless prefix with their arguments intact
  expect(stored).toEqual(stored.map((_, i) => i));
  for (const step of trajectory?.steps ?? []) expect(step).toMatchObject({ kind: 'tool', args: { n: step.seq } });
  // the killed episode is still 'running', so a resume would redo it
  expect(trajectory?.episode.status).toBe('running');
});
