// How `npm run figures` runs tdo: always through the CLI (bin/tdo.js), as a user would, each run into a database
// of its own under one scratch folder, with no config or database taken from the caller's environment and no model
// endpoint but the OpenAI-compatible double a figure starts itself.
import { execFile } from 'node:child_process';
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { scratchDir } from '../lib/temp.ts';

const TDO = fileURLToPath(new URL('../../bin/tdo.js', import.meta.url));
const run = promisify(execFile);
let dir: string | undefined; // made on first use, so importing this module writes nothing

function env(): NodeJS.ProcessEnv {
  const { TDO_DB: _db, TDO_CONFIG: _config, NO_COLOR: _color, ...rest } = process.env;
  return { ...rest, NO_COLOR: '1', OPENAI_BASE_URL: '', OPENAI_API_KEY: '' };
}

export const scratchPath = (name: string) => join((dir ??= realpathSync(scratchDir('figures'))), name);

/** The command's JSON (`--json`), run into the database `db` of the scratch folder, and how long it took. */
export async function tdoJson<T>(args: string[], db: string): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const { stdout } = await run(process.execPath, [TDO, ...args, '--db', scratchPath(db), '--json'], { maxBuffer: 256 * 1024 * 1024, env: env() });
  return { value: JSON.parse(stdout) as T, seconds: (performance.now() - started) / 1000 };
}

/** How a figure's command is run: the model endpoint it may reach, and the exit codes that are its expected ending. */
export interface TerminalOptions {
  env?: { OPENAI_BASE_URL: string; OPENAI_API_KEY: string };
  /** besides 0; e.g. 130 for a command stopped at its cost cap */
  exitCodes?: number[];
}

/** A command's streams, run in the scratch folder `folder` (made when missing) with its path shown as "...". */
export async function tdoIn(args: string[], folder: string, options: TerminalOptions = {}): Promise<{ stdout: string; stderr: string; seconds: number }> {
  const cwd = scratchPath(folder);
  mkdirSync(cwd, { recursive: true });
  const started = performance.now();
  const shown = (text: string) => text.replaceAll(cwd, '...').trimEnd();
  try {
    const { stdout, stderr } = await run(process.execPath, [TDO, ...args], { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...env(), ...options.env } });
    return { stdout: shown(stdout), stderr: shown(stderr), seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number' || !(options.exitCodes ?? []).includes(failed.code)) throw error;
    return { stdout: shown(failed.stdout ?? ''), stderr: shown(failed.stderr ?? ''), seconds: (performance.now() - started) / 1000 };
  }
}

/**
 * What a user sees in the terminal: the command run in a folder of the scratch space on its default database,
 * stderr (where the suite check and the resume line go) before stdout.
 */
export async function tdoTerminal(args: string[], folder: string, options: TerminalOptions = {}): Promise<{ text: string; seconds: number }> {
  const { stdout, stderr, seconds } = await tdoIn(args, folder, options);
  return { text: [stderr, stdout].filter((s) => s !== '').join('\n'), seconds };
}

export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
export const pts = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}`;
export const secs = (s: number) => `${s.toFixed(0)} s`;
