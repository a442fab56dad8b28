import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWorkspaceFiles, listWorkspaceFiles, resolveWorkspaceFile, WorkspaceFileError } from '../../../servers/lab/path-guard.ts';
import { createWorkspaceFixture, NOTES_TEXT, type WorkspaceFixture } from './workspace-fixture.ts';

let workspace: WorkspaceFixture;
beforeAll(async () => {
  workspace = await createWorkspaceFixture();
});
afterAll(() => workspace.remove());

async function errorOf(requested: string): Promise<string> {
  const error = await resolveWorkspaceFile(workspace.dir, requested).then(
    () => undefined,
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

describe('resolveWorkspaceFile', () => {
  it('resolves files inside the workspace, including nested ones and ./ prefixes', async () => {
    const notes = await resolveWorkspaceFile(workspace.dir, 'notes.txt');
    expect(notes.size).toBe(Buffer.byteLength(NOTES_TEXT));
    expect((await resolveWorkspaceFile(workspace.dir, './docs/agenda.txt')).realPath).toMatch(/docs[\\/]agenda\.txt$/);
  });

  it('follows a symlink that stays inside the workspace', async () => {
    const alias = await resolveWorkspaceFile(workspace.dir, 'alias.txt');
    expect(alias.realPath).toMatch(/notes\.txt$/);
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

  it('answers a missing file with the list of files that exist', async () => {
    expect(await errorOf('note.txt')).toBe("File 'note.txt' not found. Files in the workspace: docs/agenda.txt, image.bin, long.txt, notes.txt.");
    expect(await errorOf('notes.txt/inner')).toMatch(/^File 'notes\.txt\/inner' not found/);
  });
});
