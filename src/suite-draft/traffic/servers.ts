// The servers a draft names: as the runs recorded starting them, else a FILL for the author. A proxy session
// recorded its real server's command; an imported run recorded the suite file it ran (on the machine it ran on),
// whose entry is taken when that file is here to read.
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import * as z from 'zod';
import { FILL } from '../../suite/scaffold.ts';
import type { RecordedRun, RunSource } from './recorded.ts';

/** A suite's `servers` entry as written in the file: a spec, or the name of a server in tdo.config.json. */
export type SuiteServerEntry = Record<string, unknown> | string;

export interface DraftServer {
  name: string;
  entry: SuiteServerEntry;
  /** where the entry came from, for the draft's comment */
  from: string;
}

/** One entry per server the tasks call, in the order given: the first run that says how it starts wins. */
export function draftServers(names: readonly string[], runs: readonly RecordedRun[]): DraftServer[] {
  return names.map((name) => {
    for (const run of runs) {
      const found = entryFrom(run.source, name);
      if (found !== undefined) return { name, ...found };
    }
    return {
      name,
      entry: { name, command: `${FILL} the program that starts ${name} (the runs recorded its tool calls, not how it was started)`, args: [] },
      from: 'unknown',
    };
  });
}

function entryFrom(source: RunSource, name: string): Omit<DraftServer, 'name'> | undefined {
  if (source.kind === 'proxy') {
    if (source.server !== name) return undefined;
    if (source.started !== undefined)
      return { entry: { name, command: source.started.command, args: source.started.args, cwd: source.started.cwd }, from: 'the tdo proxy session' };
    // a session recorded before the command was kept apart: its command line split at spaces
    const [command, ...args] = source.command.split(/\s+/).filter(Boolean);
    return { entry: { name, command: command!, args }, from: 'the tdo proxy session (its command line split at spaces: check any argument that held one)' };
  }
  const entry = suiteFileEntry(source.suitePath, name);
  return entry === undefined ? undefined : { entry, from: `the suite file the run ran, ${source.suitePath}` };
}

const fileSchema = z.looseObject({ servers: z.array(z.unknown()) });
const namedSchema = z.looseObject({ name: z.string() });

/** The server's entry in the suite file at `path`, as written, with `${SUITE_DIR}` made that file's folder. */
function suiteFileEntry(path: string, name: string): SuiteServerEntry | undefined {
  if (!existsSync(path)) return undefined;
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(path, 'utf8'));
  } catch {
    return undefined; // a file tdo cannot read as a suite any more: the author writes the entry
  }
  const file = fileSchema.safeParse(raw);
  if (!file.success) return undefined;
  for (const entry of file.data.servers) {
    if (entry === name) return entry;
    // matched by name only: an entry may hold `${VARIABLE}`s that only the loader fills (src/suite/load.ts)
    const named = namedSchema.safeParse(entry);
    if (named.success && named.data.name === name) return withSuiteDir(entry, dirname(path)) as Record<string, unknown>;
  }
  return undefined;
}

/** The draft is written elsewhere, so `${SUITE_DIR}` (the suite file's folder) is spelled out; other variables stay. */
function withSuiteDir(value: unknown, dir: string): unknown {
  if (typeof value === 'string') return value.replaceAll('${SUITE_DIR}', dir);
  if (Array.isArray(value)) return value.map((v) => withSuiteDir(v, dir));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withSuiteDir(v, dir)]));
  return value;
}
