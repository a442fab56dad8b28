import { constants } from 'node:fs';
import { open, readdir, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { echoInput } from '../common/echo.ts';

/**
 * Opens the file a model asked for, inside the workspace, or explains why not. Checks happen on the
 * text first (NUL, absolute, `..`), then on what was actually opened: a check on a path followed by a
 * read of that path lets a folder swapped for a symlink in between lead out of the workspace.
 * Error texts name the requested path only, never a path on the server.
 */

export class WorkspaceFileError extends Error {
  override readonly name = 'WorkspaceFileError';
}

const MAX_LISTED_FILES = 100;
const EXAMPLE = "pass a path relative to the workspace, such as 'notes.txt'";

function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** Regular files of the workspace as sorted relative paths with '/' separators (symlinks are not followed). */
export async function listWorkspaceFiles(workspaceDir: string): Promise<string[]> {
  const root = await realpath(workspaceDir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** One sentence naming the files that exist, capped so a huge workspace cannot flood the answer. */
export async function describeWorkspaceFiles(workspaceDir: string): Promise<string> {
  // A folder that vanishes mid-listing fails the listing; the answer then just goes without it.
  const files = await listWorkspaceFiles(workspaceDir).catch(() => undefined);
  if (files === undefined) return 'The list of files is not available right now.';
  if (files.length === 0) return 'The workspace has no files.';
  const shown = files.slice(0, MAX_LISTED_FILES).join(', ');
  const more = files.length > MAX_LISTED_FILES ? ` and ${files.length - MAX_LISTED_FILES} more` : '';
  return `Files in the workspace: ${shown}${more}.`;
}

/** An open regular file inside the workspace; the caller reads it through `handle` and closes it. */
export interface WorkspaceFile {
  handle: FileHandle;
  size: number;
}

/** Opens the requested regular file inside the workspace; throws WorkspaceFileError otherwise. */
export async function openWorkspaceFile(workspaceDir: string, requested: string): Promise<WorkspaceFile> {
  const shown = echoInput(requested);
  if (requested.includes('\0')) throw new WorkspaceFileError(`The path contains a NUL byte; ${EXAMPLE}.`);
  if (requested.trim() === '') throw new WorkspaceFileError(`The path is empty; ${EXAMPLE}.`);
  if (isAbsolute(requested) || /^[a-zA-Z]:|^[\\/]/.test(requested)) {
    throw new WorkspaceFileError(`Absolute paths are not allowed ('${shown}'); ${EXAMPLE}.`);
  }
  if (requested.split(/[\\/]/).includes('..')) {
    throw new WorkspaceFileError(`'..' is not allowed in paths ('${shown}'): read_file only reads files inside the workspace; ${EXAMPLE}.`);
  }

  const root = await realpath(workspaceDir).catch(() => {
    throw new WorkspaceFileError('The workspace folder is not available on the server right now.');
  });
  const path = join(root, requested);
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below as not a regular file.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw await fileSystemError(error, requested, workspaceDir);
  }
  try {
    const where = await openedPath(handle, path);
    if (where === undefined || !isInside(root, where)) {
      throw new WorkspaceFileError(
        `'${shown}' leads outside the workspace (it is a link to somewhere else), so it cannot be read. ${await describeWorkspaceFiles(workspaceDir)}`,
      );
    }
    const stats = await handle.stat();
    if (stats.isDirectory()) throw new WorkspaceFileError(`'${shown}' is a directory, not a file. ${await describeWorkspaceFiles(workspaceDir)}`);
    if (!stats.isFile()) throw new WorkspaceFileError(`'${shown}' is not a regular file, so it cannot be read.`);
    return { handle, size: stats.size };
  } catch (error) {
    await handle.close();
    throw error instanceof WorkspaceFileError ? error : await fileSystemError(error, requested, workspaceDir);
  }
}

/**
 * Where an open descriptor really is; undefined when that cannot be told. On Linux the kernel says
 * (/proc/self/fd/N), so nothing can be swapped in between. Without /proc (macOS, BSD) the path is
 * resolved again and must name the very file that was opened: this refuses a swap seen by either
 * lookup, but two swaps timed between them could still pass, so only Linux gives the guarantee.
 */
export async function openedPath(handle: FileHandle, path: string, fdDir = '/proc/self/fd'): Promise<string | undefined> {
  try {
    return await readlink(join(fdDir, String(handle.fd)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const real = await realpath(path);
  const [opened, named] = await Promise.all([handle.stat(), stat(real)]);
  return opened.dev === named.dev && opened.ino === named.ino ? real : undefined;
}

/**
 * A file-system failure as a short sentence about the requested path (raw messages carry server
 * paths); anything that is not a file-system error is a bug and is thrown as it is.
 */
export async function fileSystemError(error: unknown, requested: string, workspaceDir: string): Promise<WorkspaceFileError> {
  const { code } = error as NodeJS.ErrnoException;
  if (typeof code !== 'string') throw error;
  const shown = echoInput(requested);
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new WorkspaceFileError(`File '${shown}' not found. ${await describeWorkspaceFiles(workspaceDir)}`);
    case 'ELOOP':
      return new WorkspaceFileError(`'${shown}' is a chain of links that never reaches a file, so it cannot be read.`);
    case 'EACCES':
    case 'EPERM':
      return new WorkspaceFileError(`'${shown}' cannot be read: the server is not permitted to open it.`);
    case 'ENAMETOOLONG':
      return new WorkspaceFileError(`'${shown}' is too long a path for the file system; ${EXAMPLE}.`);
    default:
      return new WorkspaceFileError(`'${shown}' could not be read (${code}).`);
  }
}
