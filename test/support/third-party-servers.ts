import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './lab-runs.ts';

/** Entry points of the third-party MCP servers installed from npm (devDependencies), started with node. */
export const FILESYSTEM_SERVER = join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
export const EVERYTHING_SERVER = join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
/** @kazuph/mcp-taskmanager: requests and their tasks, kept in the JSON file TASK_MANAGER_FILE_PATH names. */
export const TASKMANAGER_SERVER = join(REPO_ROOT, 'node_modules/@kazuph/mcp-taskmanager/dist/index.js');
/** The inspector's CLI: an MCP client nobody here wrote. */
export const INSPECTOR_CLI = join(REPO_ROOT, 'node_modules/@modelcontextprotocol/inspector-cli/build/cli.js');

/** A fresh folder with a few files, for server-filesystem to serve. */
export function filesystemWorkspace(files: Record<string, string> = { 'notes.txt': 'first line\nsecond line\n', 'todo.md': '- buy milk\n' }): string {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-fs-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
