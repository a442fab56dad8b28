import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { REPO_ROOT } from './lab-runs.ts';

/** The stateful server of test/fixtures/servers/notes-server.mjs: notes.json in NOTES_DIR, else in its cwd. */
export const NOTES_SERVER = join(REPO_ROOT, 'test/fixtures/servers/notes-server.mjs');

/** One task per split that creates the same note: it succeeds only on a server that has not seen it created. */
function task(split: string) {
  return {
    id: `create-${split}`,
    split,
    prompt: 'Write down that we need milk, in a note titled groceries.',
    plan: [{ intent: 'create a new note titled groceries', args: { title: 'groceries', text: 'milk' }, tools: ['notes/create_note'] }],
    check: { kind: 'answer', expected: 'created note' },
  };
}

/**
 * Writes a suite for the notes server with these extra keys in its server entry (`env`, `cwd`, `isolation`) into
 * a fresh folder, and returns the suite file and the folder (the server's default cwd, so unisolated state lands there).
 */
export function writeNotesSuite(server: Record<string, unknown>, splits: readonly string[] = ['val']): { path: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-notes-'));
  const suite = {
    name: 'notes',
    systemPrompt: 'Use the tools.',
    servers: [{ name: 'notes', command: '${NODE}', args: [NOTES_SERVER], cwd: dir, ...server }],
    target: 'notes',
    tasks: splits.map(task),
  };
  const path = join(dir, 'notes.yaml');
  writeFileSync(path, stringify(suite));
  return { path, dir };
}

/** The notes file a create_note call reports having written ("created note "groceries" in FILE"). */
export function notesFileOf(output: string): string | undefined {
  return /(?:in|\(in) (\S+notes\.json)/.exec(output)?.[1];
}
