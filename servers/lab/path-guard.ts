import { lstat, readdir, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';

/**
 * Resolves a path a model asked for to a real file inside the workspace, or explains why not.
 * Checks happen on the text first (NUL, absolute, `..`) and then on the real path, so a symlink
 * inside the workspace cannot lead out of it.
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
  const files = await listWorkspaceFiles(workspaceDir);
  if (files.length === 0) return 'The workspace has no files.';
  const shown = files.slice(0, MAX_LISTED_FILES).join(', ');
  const more = files.length > MAX_LISTED_FILES ? ` and ${files.length - MAX_LISTED_FILES} more` : '';
  return `Files in the workspace: ${shown}${more}.`;
}

export interface WorkspaceFile {
  /** The real path on disk (symlinks resolved), inside the workspace. */
  realPath: string;
  size: number;
}

/** Returns the requested regular file inside the workspace; throws WorkspaceFileError otherwise. */
export async function resolveWorkspaceFile(workspaceDir: string, requested: string): Promise<WorkspaceFile> {
  if (requested.includes('\0')) throw new WorkspaceFileError(`The path contains a NUL byte; ${EXAMPLE}.`);
  if (requested.trim() === '') throw new WorkspaceFileError(`The path is empty; ${EXAMPLE}.`);
  if (isAbsolute(requested) || /^[a-zA-Z]:|^[\\/]/.test(requested)) {
    throw new WorkspaceFileError(`Absolute paths are not allowed ('${requested}'); ${EXAMPLE}.`);
  }
  if (requested.split(/[\\/]/).includes('..')) {
    throw new WorkspaceFileError(`'..' is not allowed in paths ('${requested}'): read_file only reads files inside the workspace; ${EXAMPLE}.`);
  }

  const root = await realpath(workspaceDir);
  let realPath: string;
  try {
    realPath = await realpath(join(root, requested));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
    throw new WorkspaceFileError(`File '${requested}' not found. ${await describeWorkspaceFiles(workspaceDir)}`);
  }
  if (!isInside(root, realPath)) {
    throw new WorkspaceFileError(`'${requested}' leads outside the workspace (it is a link to somewhere else), so it cannot be read. ${await describeWorkspaceFiles(workspaceDir)}`);
  }
  const stats = await lstat(realPath);
  if (stats.isDirectory()) {
    throw new WorkspaceFileError(`'${requested}' is a directory, not a file. ${await describeWorkspaceFiles(workspaceDir)}`);
  }
  if (!stats.isFile()) throw new WorkspaceFileError(`'${requested}' is not a regular file, so it cannot be read.`);
  return { realPath, size: stats.size };
}
