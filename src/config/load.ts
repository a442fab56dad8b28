import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type * as z from 'zod';
import { readJsonFile } from '../files/read-json.ts';
import { startsWithFolder } from '../suite/isolation.ts';
import type { ServerSpec } from '../suite/schema.ts';
import { interpolateEnv } from './interpolate.ts';
import { inputError, isTdoError } from '../errors.ts';
import { boundedList } from '../text/bounded-list.ts';
import { configSchema, type ServerEntry, type TdoConfig } from './schema.ts';

export const CONFIG_FILE = 'tdo.config.json';
export const CONFIG_ENV = 'TDO_CONFIG';

export interface LoadedConfig {
  /** Absolute path of the file. */
  path: string;
  config: TdoConfig;
}

/** An explicit path, else TDO_CONFIG, else ./tdo.config.json when it exists; undefined when there is none. */
export function findConfigPath(explicit: string | undefined, env: Record<string, string | undefined> = process.env, cwd = process.cwd()): string | undefined {
  const given = explicit ?? (env[CONFIG_ENV] || undefined);
  if (given !== undefined) return resolve(cwd, given);
  const local = resolve(cwd, CONFIG_FILE);
  return existsSync(local) ? local : undefined;
}

/** Reads, interpolates and checks a config file; every problem names the file and the field. */
export function loadConfig(path: string, env: Record<string, string | undefined> = process.env): LoadedConfig {
  let raw = readJsonFile(path, 'config file');
  try {
    raw = interpolateEnv(raw, env);
  } catch (err) {
    // the interpolation names the field; the file is named here
    if (isTdoError(err, 'input')) throw inputError(`config file ${path}: ${err.message}`, { cause: err });
    throw err;
  }
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    throw inputError(
      `config file ${path} is invalid:\n${parsed.error.issues
        .flatMap((issue) => describeIssue(issue, []))
        .map((line) => `  - ${line}`)
        .join('\n')}`,
    );
  }
  return { path: resolve(path), config: parsed.data };
}

/**
 * A union failure lists every branch's problems; the branch with the fewest problems is the one the
 * user meant (a url entry is an HTTP server), so only those are shown.
 */
function describeIssue(issue: z.core.$ZodIssue, prefix: PropertyKey[]): string[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0]!;
    return closest.flatMap((inner) => describeIssue(inner, path));
  }
  const where = path.map(String).join('.') || '(root)';
  // A bad record key (a server name) carries its own issues; they say what a name may contain.
  if (issue.code === 'invalid_key') return issue.issues.map((inner) => `${where}: ${inner.message}`);
  if (issue.code === 'unrecognized_keys') return [`${where}: unknown field${issue.keys.length > 1 ? 's' : ''} ${boundedList(issue.keys, { quoted: true })}`];
  return [`${where}: ${issue.message}`];
}

/** The config's servers as suite server specs: a relative cwd is taken from the config file's folder. */
export function configServers(loaded: LoadedConfig): Record<string, ServerSpec> {
  const dir = dirname(loaded.path);
  return Object.fromEntries(Object.entries(loaded.config.mcpServers).map(([name, entry]) => [name, toServerSpec(name, entry, dir)]));
}

export function toServerSpec(name: string, entry: ServerEntry, dir: string): ServerSpec {
  if ('url' in entry) return { name, url: entry.url, headers: entry.headers };
  return {
    name,
    command: entry.command,
    args: entry.args,
    env: entry.env,
    ...(entry.cwd === undefined ? {} : { cwd: startsWithFolder(entry.cwd) ? entry.cwd : resolve(dir, entry.cwd) }),
    ...(entry.isolation === undefined ? {} : { isolation: entry.isolation }),
  };
}

/** Named suites with their files resolved against the config file's folder. */
export function configSuites(loaded: LoadedConfig): Record<string, string> {
  const dir = dirname(loaded.path);
  return Object.fromEntries(Object.entries(loaded.config.suites).map(([name, file]) => [name, resolve(dir, file)]));
}

/**
 * The environment variables the config stands in for (endpoint, key, Langfuse, trace database), so
 * everything that already reads them picks the config up; a variable that is set keeps its value.
 */
export function configEnvDefaults(loaded: LoadedConfig): Record<string, string> {
  const { model, langfuse, db } = loaded.config;
  const defaults: Record<string, string | undefined> = {
    OPENAI_BASE_URL: model?.baseUrl,
    OPENAI_API_KEY: model?.apiKey,
    LANGFUSE_PUBLIC_KEY: langfuse?.publicKey,
    LANGFUSE_SECRET_KEY: langfuse?.secretKey,
    LANGFUSE_BASE_URL: langfuse?.baseUrl,
    TDO_DB: db === undefined ? undefined : resolve(dirname(loaded.path), db),
  };
  return Object.fromEntries(Object.entries(defaults).filter((e): e is [string, string] => e[1] !== undefined));
}
