// The folders behind ${EPISODE_DIR} and ${RUN_DIR}: private, fresh, named only by safe names, and removed.
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScratchFolders } from '../../../src/host/scratch.ts';

describe('scratch folders', () => {
  it('makes a private root with one run folder and fresh folders per episode and server, and removes them', async () => {
    const scratch = new ScratchFolders(false);
    const run = scratch.run();
    expect(scratch.run()).toBe(run);
    const root = dirname(run);
    if (process.getuid !== undefined) expect(statSync(root).mode & 0o777).toBe(0o700);
    const episode = await scratch.episode('e-1', ['notes', 'files']);
    const notes = episode.folders.get('notes')!;
    expect(notes).toBe(join(root, 'episodes', 'e-1', 'notes'));
    writeFileSync(join(notes, 'notes.json'), '{}');
    // the same episode twice would hand the second the first one's files: refused
    await expect(scratch.episode('e-1', ['notes'])).rejects.toThrow(/EEXIST/);
    await episode.remove();
    expect(existsSync(notes)).toBe(false);
    expect(existsSync(run)).toBe(true);
    await scratch.close();
    expect(existsSync(root)).toBe(false);
  });

  it('refuses a name that could leave its folder', async () => {
    const scratch = new ScratchFolders(false);
    await expect(scratch.episode('../e-1', ['notes'])).rejects.toThrow('episode id "../e-1" cannot name a folder (letters, digits, _ and - only)');
    await expect(scratch.episode('e-2', ['..'])).rejects.toThrow('server name ".." cannot name a folder');
    await scratch.close();
  });

  it('keeps everything when asked to', async () => {
    const scratch = new ScratchFolders(true);
    const episode = await scratch.episode('e-1', ['notes']);
    await episode.remove();
    await scratch.close();
    const folder = episode.folders.get('notes')!;
    expect(existsSync(folder)).toBe(true);
    // ROOT/episodes/e-1/notes: ROOT is the fresh tdo-XXXXXX folder, the only thing to remove
    const root = dirname(dirname(dirname(folder)));
    expect(root).toMatch(/\/tdo-[^/]+$/);
    rmSync(root, { recursive: true });
  });
});
