import { mkdtempSync, mkdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** Set to 1 to keep the folders after the run, to look at what a server wrote (docs/suites.md: "Stateful servers"). */
export const KEEP_FOLDERS_ENV = 'TDO_KEEP_FOLDERS';
/** Episode ids and server names become folder names, so only these characters: no separator, no "..". */
const SAFE_NAME = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The folders one host hands its servers (src/suite/isolation.ts): ROOT/run for `${RUN_DIR}` and
 * ROOT/episodes/EPISODE/SERVER for `${EPISODE_DIR}`, where ROOT is a fresh private (0700) folder under the
 * system's temp folder, made on first use. An episode's folders go when it ends and ROOT when the host
 * closes, so at most the episodes in flight hold one; TDO_KEEP_FOLDERS=1 keeps them all.
 */
export class ScratchFolders {
  private root: string | undefined;
  private runFolder: string | undefined;

  constructor(private readonly keep = process.env[KEEP_FOLDERS_ENV] === '1') {}

  /** The run's folder, the same for every call. */
  run(): string {
    if (this.runFolder === undefined) {
      this.runFolder = join(this.ensureRoot(), 'run');
      mkdirSync(this.runFolder);
    }
    return this.runFolder;
  }

  /** A fresh empty folder per server for one episode (`listing` for the start that lists tools), and how to remove them. */
  async episode(episodeId: string, servers: readonly string[]): Promise<{ folders: Map<string, string>; remove(): Promise<void> }> {
    const base = join(this.ensureRoot(), 'episodes', safeName(episodeId, 'episode id'));
    const folders = new Map(servers.map((server) => [server, join(base, safeName(server, 'server name'))]));
    // recursive only for the parent: the episode's own folder must be new, or another episode's files would show
    await mkdir(join(base, '..'), { recursive: true });
    await mkdir(base);
    await Promise.all([...folders.values()].map((folder) => mkdir(folder)));
    return { folders, remove: () => this.removeFolder(base) };
  }

  /** Removes every folder (unless kept). */
  async close(): Promise<void> {
    if (this.root !== undefined) await this.removeFolder(this.root);
  }

  private ensureRoot(): string {
    this.root ??= mkdtempSync(join(tmpdir(), 'tdo-'));
    return this.root;
  }

  private async removeFolder(folder: string): Promise<void> {
    // a folder outside ROOT is never removed, whatever the names were
    if (this.keep || this.root === undefined || relative(this.root, folder).startsWith('..')) return;
    await rm(folder, { recursive: true, force: true, maxRetries: 3 });
  }
}

function safeName(name: string, what: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`${what} "${name}" cannot name a folder (letters, digits, _ and - only)`);
  return name;
}
