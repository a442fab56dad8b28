import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceFileError } from '../../../servers/lab/path-guard.ts';
import { READ_LIMITS, readWorkspaceTextFile } from '../../../servers/lab/read-workspace-file.ts';
import { createWorkspaceFixture, LONG_TEXT, NOTES_TEXT, type WorkspaceFixture } from './workspace-fixture.ts';

let workspace: WorkspaceFixture;
beforeAll(async () => {
  workspace = await createWorkspaceFixture();
});
afterAll(() => workspace.remove());

describe('readWorkspaceTextFile', () => {
  it('returns a short text file whole', async () => {
    expect(await readWorkspaceTextFile(workspace.dir, 'notes.txt')).toBe(NOTES_TEXT);
  });

  it('cuts long files at 4000 characters and says so with the full length', async () => {
    const text = await readWorkspaceTextFile(workspace.dir, 'long.txt');
    expect(text).toBe(`${LONG_TEXT.slice(0, 4000)}\n\n[truncated: showing the first 4000 of 4500 characters]`);
  });

  it('returns exactly 4000 characters without a note', async () => {
    await writeFile(join(workspace.dir, 'exact.txt'), 'x'.repeat(READ_LIMITS.maxCharacters));
    expect(await readWorkspaceTextFile(workspace.dir, 'exact.txt')).toBe('x'.repeat(4000));
  });

  it('counts characters, not bytes or UTF-16 units, and never splits one', async () => {
    await writeFile(join(workspace.dir, 'emoji.txt'), '😀'.repeat(4001));
    const text = await readWorkspaceTextFile(workspace.dir, 'emoji.txt');
    expect(text).toBe(`${'😀'.repeat(4000)}\n\n[truncated: showing the first 4000 of 4001 characters]`);
  });

  it('rejects binary files', async () => {
    await expect(readWorkspaceTextFile(workspace.dir, 'image.bin')).rejects.toThrow(
      new WorkspaceFileError("'image.bin' is a binary file, not text, so read_file cannot show it."),
    );
    await writeFile(join(workspace.dir, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    await expect(readWorkspaceTextFile(workspace.dir, 'latin1.txt')).rejects.toThrow(/binary file/);
  });

  it('refuses files above the size limit', async () => {
    await writeFile(join(workspace.dir, 'huge.txt'), Buffer.alloc(READ_LIMITS.maxFileBytes + 1, 0x61));
    await expect(readWorkspaceTextFile(workspace.dir, 'huge.txt')).rejects.toThrow(/read_file reads text files up to/);
  });

  it('passes path-guard errors through', async () => {
    await expect(readWorkspaceTextFile(workspace.dir, '../outside/secret.txt')).rejects.toThrow(WorkspaceFileError);
    await expect(readWorkspaceTextFile(workspace.dir, 'escape.txt')).rejects.toThrow(/outside the workspace/);
  });

  describe('error texts are short and name only the requested path', () => {
    async function messageOf(requested: string): Promise<string> {
      const error = await readWorkspaceTextFile(workspace.dir, requested).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(WorkspaceFileError);
      const { message } = error as Error;
      expect(message).not.toContain(workspace.dir);
      expect(message).not.toContain(workspace.outsideDir);
      return message;
    }

    it('a symlink loop', async () => {
      await symlink('loop-b.txt', join(workspace.dir, 'loop-a.txt'));
      await symlink('loop-a.txt', join(workspace.dir, 'loop-b.txt'));
      expect(await messageOf('loop-a.txt')).toBe("'loop-a.txt' is a chain of links that never reaches a file, so it cannot be read.");
    });

    it('a file name too long for the file system', async () => {
      const name = `${'n'.repeat(300)}.txt`;
      expect(await messageOf(name)).toBe(
        `'${'n'.repeat(120)}... [304 characters, cut]' is too long a path for the file system; pass a path relative to the workspace, such as 'notes.txt'.`,
      );
    });

    it('a megabyte path is echoed cut, with a note', async () => {
      const message = await messageOf(`${'d/'.repeat(500_000)}x.txt`);
      expect(message.length).toBeLessThan(400);
      expect(message).toContain('... [1000005 characters, cut]');
    });
  });
});
