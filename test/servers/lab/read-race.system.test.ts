import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceFileError } from '../../../servers/lab/path-guard.ts';
import { readWorkspaceTextFile } from '../../../servers/lab/read-workspace-file.ts';
import { createWorkspaceFixture, type WorkspaceFixture } from './workspace-fixture.ts';

const SWAP_MS = 2500;
const MAX_SWAPS = 200_000;

/**
 * Another process swaps the workspace folder `sub` for a link to the outside folder and back, as fast as
 * it can, for SWAP_MS; it prints how many swaps it made.
 */
const SWAPPER = `
const fs = require('node:fs');
const [sub, parked, outside, ms, max] = process.argv.slice(1);
const end = Date.now() + Number(ms);
let swaps = 0;
while (Date.now() < end && swaps < Number(max)) {
  fs.renameSync(sub, parked);
  fs.symlinkSync(outside, sub);
  fs.unlinkSync(sub);
  fs.renameSync(parked, sub);
  swaps++;
}
process.stdout.write(String(swaps));
`;

let workspace: WorkspaceFixture;
beforeAll(async () => {
  workspace = await createWorkspaceFixture();
  await mkdir(join(workspace.dir, 'sub'));
  await writeFile(join(workspace.dir, 'sub', 'secret.txt'), 'inside\n');
});
afterAll(() => workspace.remove());

describe('read_file under a folder-for-symlink swap race', () => {
  it('never returns a file from outside the workspace', async () => {
    const swapper = spawn(process.execPath, [
      '-e',
      SWAPPER,
      join(workspace.dir, 'sub'),
      join(workspace.dir, 'sub.parked'),
      workspace.outsideDir,
      String(SWAP_MS),
      String(MAX_SWAPS),
    ]);
    let swapperOut = '';
    swapper.stdout.on('data', (chunk: Buffer) => (swapperOut += chunk.toString()));
    const done = new Promise<number>((resolve) => swapper.once('exit', () => resolve(Number(swapperOut))));
    let running = true;
    void done.then(() => (running = false));

    const tally = { calls: 0, escapes: 0, inside: 0, refused: 0, raw: 0 };
    const rawSamples = new Set<string>();
    const reader = async () => {
      while (running) {
        tally.calls++;
        try {
          const text = await readWorkspaceTextFile(workspace.dir, 'sub/secret.txt');
          if (text.includes('TOP SECRET')) tally.escapes++;
          else tally.inside++;
        } catch (error) {
          if (error instanceof WorkspaceFileError) tally.refused++;
          else {
            tally.raw++;
            rawSamples.add((error as Error).message);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, reader));
    const swaps = await done;
    console.log(
      `read race: ${tally.calls} calls during ${swaps} swaps: ${tally.escapes} escapes, ${tally.inside} inside, ${tally.refused} refused, ${tally.raw} raw errors ${[...rawSamples].slice(0, 3).join(' | ')}`,
    );
    expect(swaps).toBeGreaterThan(100);
    expect(tally.inside).toBeGreaterThan(0);
    expect(tally.refused).toBeGreaterThan(0);
    expect(tally.escapes).toBe(0);
    // Every refusal is the guard's own short message, never a raw error naming server paths.
    expect(tally.raw).toBe(0);
  }, 20_000);
});
