import { execFileSync } from 'node:child_process';
import { mkdtemp, open, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeWorkspaceFiles,
  fileSystemError,
  listWorkspaceFiles,
  openedPath,
  openWorkspaceFile,
  WorkspaceFileError,
} from '../../../servers/lab/path-guard.ts';
import { createWorkspaceFixture, NOTES_TEXT, type WorkspaceFixture } from './workspace-fixture.ts';

let workspace: WorkspaceFixture;
beforeAll(async () => {
  workspace = await createWorkspaceFixture();
});
afterAll(() => workspace.remove());

async function errorOf(requested: string): Promise<string> {
  const error = await openWorkspaceFile(workspace.dir, requested).then(
    (file) => file.handle.close(),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WorkspaceFileError);
  return (error as Error).message;
}

describe('listWorkspaceFiles', () => {
  it('lists regular files as sorted relative paths, without following links', async () => {
    expect(await listWorkspaceFiles(workspace.dir)).toEqual(['docs/agenda.txt', 'image.bin', 'long.txt', 'notes.txt']);
  });

  it('says so when the workspace is empty', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'tdo-empty-'));
    expect(await describeWorkspaceFiles(empty)).toBe('The workspace has no files.');
    await rm(empty, { recursive: true });
  });
});

/** The text of a file the guard opened, read through its handle. */
async function contentOf(requested: string): Promise<string> {
  const file = await openWorkspaceFile(workspace.dir, requested);
  try {
    return await file.handle.readFile('utf8');
  } finally {
    await file.handle.close();
  }
}

describe('openWorkspaceFile', () => {
  it('opens files inside the workspace, including nested ones and ./ prefixes', async () => {
    const notes = await openWorkspaceFile(workspace.dir, 'notes.txt');
    expect(notes.size).toBe(Buffer.byteLength(NOTES_TEXT));
    await notes.handle.close();
    expect(await contentOf('./docs/agenda.txt')).toBe('1. budget\n2. pizza\n');
  });

  it('follows a symlink that stays inside the workspace', async () => {
    expect(await contentOf('alias.txt')).toBe(NOTES_TEXT);
  });

  it.each(['../x', 'a/../../x', '..', 'docs/..', '..\\x'])('rejects the .. segment in %s', async (requested) => {
    expect(await errorOf(requested)).toMatch(/'\.\.' is not allowed in paths/);
  });

  it.each(['/etc/passwd', '\\windows\\system32', 'C:\\x'])('rejects the absolute path %s', async (requested) => {
    expect(await errorOf(requested)).toMatch(/^Absolute paths are not allowed.*relative to the workspace/);
  });

  it('rejects NUL bytes and empty paths', async () => {
    expect(await errorOf('notes.txt\0.png')).toMatch(/NUL byte/);
    expect(await errorOf('')).toMatch(/empty/);
  });

  it('rejects a symlinked file that resolves outside the workspace', async () => {
    expect(await errorOf('escape.txt')).toMatch(/^'escape\.txt' leads outside the workspace/);
  });

  it('rejects files reached through a symlinked directory outside the workspace', async () => {
    expect(await errorOf('outside-dir/secret.txt')).toMatch(/leads outside the workspace/);
  });

  it('rejects directories, listing the files that exist', async () => {
    expect(await errorOf('docs')).toBe("'docs' is a directory, not a file. Files in the workspace: docs/agenda.txt, image.bin, long.txt, notes.txt.");
  });

  it('refuses a FIFO at once instead of waiting for a writer', async () => {
    execFileSync('mkfifo', [join(workspace.dir, 'pipe')]);
    expect(await errorOf('pipe')).toBe("'pipe' is not a regular file, so it cannot be read.");
  });

  it('answers a missing file with the list of files that exist', async () => {
    expect(await errorOf('note.txt')).toBe("File 'note.txt' not found. Files in the workspace: docs/agenda.txt, image.bin, long.txt, notes.txt.");
    expect(await errorOf('notes.txt/inner')).toMatch(/^File 'notes\.txt\/inner' not found/);
  });
});

describe('openedPath', () => {
  it("is the kernel's path of the descriptor on Linux", async () => {
    const handle = await open(`${workspace.dir}/alias.txt`);
    expect(await openedPath(handle, `${workspace.dir}/alias.txt`)).toMatch(/workspace\/notes\.txt$/);
    await handle.close();
  });

  it('without /proc resolves the path again and requires it to name the file opened', async () => {
    const path = join(workspace.outsideDir, 'swapped.txt');
    await writeFile(path, 'first');
    const handle = await open(path);
    expect(await openedPath(handle, path, '/nonexistent/fd')).toMatch(/outside\/swapped\.txt$/);
    await writeFile(`${path}.new`, 'second');
    await rename(`${path}.new`, path);
    expect(await openedPath(handle, path, '/nonexistent/fd')).toBeUndefined();
    await handle.close();
  });
});

describe('fileSystemError', () => {
  it('says permission denied without the server path', async () => {
    const denied = Object.assign(new Error(`EACCES: permission denied, open '${workspace.dir}/locked.txt'`), { code: 'EACCES' });
    const error = await fileSystemError(denied, 'locked.txt', workspace.dir);
    expect(error.message).toBe("'locked.txt' cannot be read: the server is not permitted to open it.");
  });

  it('throws anything that is not a file-system error as it is', async () => {
    const bug = new TypeError('a bug');
    await expect(fileSystemError(bug, 'x.txt', workspace.dir)).rejects.toBe(bug);
  });
});
