import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NOTES_TEXT =
  'Meeting memo, 2026-09-01\nAttendees: 4\nPizza budget: 48000\nDrinks: 9500\nReimbursed so far: 12000\nSum the numbers above to get the total the agent should report.\n';

export const LONG_TEXT = 'abcdefghij'.repeat(450); // 4500 characters

export interface WorkspaceFixture {
  /** The workspace directory handed to the server. */
  dir: string;
  /** A sibling directory outside the workspace, holding secret.txt. */
  outsideDir: string;
  remove(): Promise<void>;
}

/**
 * A temporary workspace: notes.txt (the seed memo), docs/agenda.txt, long.txt (4500 chars),
 * image.bin (binary), and links: escape.txt -> outside file, outside-dir -> outside directory,
 * alias.txt -> notes.txt (inside).
 */
export async function createWorkspaceFixture(): Promise<WorkspaceFixture> {
  const base = await mkdtemp(join(tmpdir(), 'tdo-lab-'));
  const dir = join(base, 'workspace');
  const outsideDir = join(base, 'outside');
  await mkdir(join(dir, 'docs'), { recursive: true });
  await mkdir(outsideDir);
  await writeFile(join(outsideDir, 'secret.txt'), 'TOP SECRET\n');
  await writeFile(join(dir, 'notes.txt'), NOTES_TEXT);
  await writeFile(join(dir, 'docs', 'agenda.txt'), '1. budget\n2. pizza\n');
  await writeFile(join(dir, 'long.txt'), LONG_TEXT);
  await writeFile(join(dir, 'image.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff]));
  await symlink(join(outsideDir, 'secret.txt'), join(dir, 'escape.txt'));
  await symlink(outsideDir, join(dir, 'outside-dir'));
  await symlink(join(dir, 'notes.txt'), join(dir, 'alias.txt'));
  return { dir, outsideDir, remove: () => rm(base, { recursive: true, force: true }) };
}
