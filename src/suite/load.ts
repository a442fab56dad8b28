import { readFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { suiteSchema, type Suite } from './schema.ts';

/** The package root, so a shipped suite can name our own entry points wherever the clone lives. */
export const TDO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BUILTIN_SUITES_DIR = resolve(TDO_ROOT, 'experiments/suites');

export class SuiteError extends Error {}

export interface LoadedSuite {
  suite: Suite;
  path: string;
}

/** `lab` names a shipped suite; anything with a slash or an extension is a path. */
export function resolveSuitePath(nameOrPath: string): string {
  const looksLikePath = nameOrPath.includes('/') || nameOrPath.includes('\\') || extname(nameOrPath) !== '';
  if (looksLikePath) return resolve(nameOrPath);
  for (const ext of ['.yaml', '.yml', '.json']) {
    const candidate = resolve(BUILTIN_SUITES_DIR, nameOrPath + ext);
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // try the next extension
    }
  }
  throw new SuiteError(`unknown suite "${nameOrPath}": no ${nameOrPath}.yaml/.yml/.json in ${BUILTIN_SUITES_DIR}; pass a file path to use your own suite`);
}

export function loadSuite(nameOrPath: string): LoadedSuite {
  const path = resolveSuitePath(nameOrPath);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new SuiteError(`cannot read suite file ${path}: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = extname(path) === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new SuiteError(`suite file ${path} is not valid ${extname(path) === '.json' ? 'JSON' : 'YAML'}: ${(err as Error).message}`);
  }
  const vars: Record<string, string> = { NODE: process.execPath, TDO_ROOT, SUITE_DIR: dirname(path) };
  // Only server specs are interpolated: prompts and plans are data and may contain `${...}` literally.
  if (raw !== null && typeof raw === 'object' && 'servers' in raw) {
    raw = { ...raw, servers: interpolate((raw as { servers: unknown }).servers, vars, path) };
  }
  const parsed = suiteSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
    throw new SuiteError(`suite file ${path} is invalid:\n${problems}`);
  }
  return { suite: parsed.data, path };
}

/**
 * Replaces `${NAME}` in the server specs with a loader variable or an environment variable,
 * so suites stay portable (paths, ports and secrets are not written into the file).
 */
function interpolate(value: unknown, vars: Record<string, string>, path: string): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
      const v = vars[name] ?? process.env[name];
      if (v === undefined) throw new SuiteError(`suite file ${path} refers to \${${name}}, which is neither a suite variable (${Object.keys(vars).join(', ')}) nor a set environment variable`);
      return v;
    });
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, vars, path));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars, path)]));
  }
  return value;
}
