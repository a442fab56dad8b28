import { readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { closest, distance } from 'fastest-levenshtein';
import type * as z from 'zod';
import { FOLDER_VARIABLES } from './isolation.ts';
import { FILL, unfilledFields } from './scaffold.ts';
import { SUITE_KEYS, suiteSchema, type ServerSpec, type Suite } from './schema.ts';
import { inputError } from '../errors.ts';
import { refuseDeepNesting } from '../files/nesting.ts';
import { counted } from '../text/counted.ts';

/** The package root, so a shipped suite can name our own entry points wherever the clone lives. */
export const TDO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface LoadedSuite {
  suite: Suite;
  path: string;
}

/** What a tdo.config.json lends a suite: servers it may name instead of spelling out, and named suite files. */
export interface SuiteReferences {
  /** Server name -> spec; a suite's `servers` entry that is just a name refers to one of these. */
  servers?: Record<string, ServerSpec>;
  /** Suite name -> suite file; such a name wins over the shipped suites. */
  suites?: Record<string, string>;
  /** The folder of the shipped suites a bare name may name (the composition root hands down experiments/shipped/suites/shipped.ts's). */
  shippedSuites?: string;
  /** Where the references come from, for error messages. */
  source?: string;
}

/** `lab` names a shipped suite (or one named in the config); anything with a slash or an extension is a path. */
export function resolveSuitePath(nameOrPath: string, refs: SuiteReferences = {}): string {
  const looksLikePath = nameOrPath.includes('/') || nameOrPath.includes('\\') || extname(nameOrPath) !== '';
  if (looksLikePath) return resolve(nameOrPath);
  const named = refs.suites?.[nameOrPath];
  if (named !== undefined) return named;
  const shipped = refs.shippedSuites;
  for (const ext of shipped === undefined ? [] : ['.yaml', '.yml', '.json']) {
    const candidate = resolve(shipped!, nameOrPath + ext);
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // try the next extension
    }
  }
  const where = [...(refs.suites === undefined ? [] : [refs.source ?? 'the config']), ...(shipped === undefined ? [] : ['the shipped suites'])];
  const known = knownSuiteNames(refs);
  throw inputError(
    `unknown suite "${nameOrPath}"${suggestName(nameOrPath, known)}: no suite of that name in ${where.join(' or ') || 'the config'} (known: ${known.join(', ') || 'none'}); pass a file path to use your own suite`,
  );
}

/** The names `--suite` accepts: the config's suites, then the shipped ones (a `.careful.json` is descriptions, not a suite). */
function knownSuiteNames(refs: SuiteReferences): string[] {
  const shipped = refs.shippedSuites === undefined ? [] : readdirSync(refs.shippedSuites).filter((file) => SUITE_FILE.test(file));
  const names = [...Object.keys(refs.suites ?? {}), ...shipped.map((file) => file.slice(0, file.indexOf('.')))];
  return [...new Set(names)].sort();
}

const SUITE_FILE = /^[^.]+\.(?:ya?ml|json)$/;

export function loadSuite(nameOrPath: string, refs: SuiteReferences = {}): LoadedSuite {
  const path = resolveSuitePath(nameOrPath, refs);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw inputError(`cannot read suite file ${path}: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = extname(path) === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw inputError(`suite file ${path} is not valid ${extname(path) === '.json' ? 'JSON' : 'YAML'}: ${(err as Error).message}`);
  }
  refuseDeepNesting(raw, `suite file ${path}`);
  const vars: Record<string, string> = { NODE: process.execPath, TDO_ROOT, SUITE_DIR: dirname(path) };
  // Only server specs are interpolated: prompts and plans are data and may contain `${...}` literally.
  if (raw !== null && typeof raw === 'object' && 'servers' in raw) {
    raw = { ...raw, servers: resolveServerNames(interpolate((raw as { servers: unknown }).servers, vars, path), refs, path) };
  }
  const parsed = suiteSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .flatMap(meantBranch)
      .map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}${i.code === 'unrecognized_keys' ? suggestKeys(i.keys) : ''}`)
      .join('\n');
    throw inputError(`suite file ${path} is invalid:\n${problems}`);
  }
  const unfilled = unfilledFields(parsed.data);
  if (unfilled.length > 0) {
    throw inputError(
      `suite file ${path} still has ${counted(unfilled.length, 'value')} marked "${FILL}" to write before it can run:\n${unfilled.map((p) => `  - ${p}`).join('\n')}`,
    );
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
      // filled in by the host when it starts the server (src/suite/isolation.ts)
      if (FOLDER_VARIABLES.includes(name)) return whole;
      const v = vars[name] ?? process.env[name];
      if (v === undefined)
        throw inputError(
          `suite file ${path} refers to \${${name}}, which is neither a suite variable (${[...Object.keys(vars), ...FOLDER_VARIABLES].join(', ')}) nor a set environment variable`,
        );
      return v;
    });
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, vars, path));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars, path)]));
  }
  return value;
}

/** A `servers` entry that is a bare name becomes that server's spec from the references (tdo.config.json). */
function resolveServerNames(servers: unknown, refs: SuiteReferences, path: string): unknown {
  if (!Array.isArray(servers)) return servers;
  return servers.map((entry, i) => {
    if (typeof entry !== 'string') return entry;
    const spec = refs.servers?.[entry];
    if (spec !== undefined) return spec;
    const known = Object.keys(refs.servers ?? {});
    const where = refs.source ?? 'tdo.config.json';
    throw inputError(
      refs.servers === undefined
        ? `suite file ${path}: servers.${i} names the server "${entry}", but no tdo.config.json was found to define it (put one in the working directory or set TDO_CONFIG)`
        : `suite file ${path}: servers.${i} names the server "${entry}", which ${where} does not define (its mcpServers: ${known.join(', ') || 'none'})`,
    );
  });
}

/**
 * A value no branch of a union accepts (a number, a text or a `{$from}` reference) is reported by the branch that
 * got furthest into it, the one the user meant: `{$from: "1"}` is a reference with a bad step number, not
 * "Invalid input"; at equal depth, by the branch with fewer problems (a stdio server with one bad value, not an
 * HTTP server missing its url). When neither tells the branches apart, zod's own summary stands.
 */
function meantBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const depth = (issues: readonly z.core.$ZodIssue[]) => Math.max(...issues.map((i) => i.path.length));
  const further = (a: readonly z.core.$ZodIssue[], b: readonly z.core.$ZodIssue[]) => depth(b) - depth(a) || a.length - b.length;
  const [deepest, ...rest] = [...issue.errors].sort(further);
  if (rest.length > 0 && further(rest[0]!, deepest!) === 0) return [issue];
  return deepest!.flatMap((inner) => meantBranch({ ...inner, path: [...issue.path, ...inner.path] }));
}

/** " (did you mean "tolerance"?)" for each unknown key close to a key suites use; empty when none is close. */
function suggestKeys(keys: readonly string[]): string {
  const guesses = keys.flatMap((key) => {
    const guess = closeName(key, SUITE_KEYS);
    return guess === undefined ? [] : [`"${guess}" for "${key}"`];
  });
  return guesses.length === 0 ? '' : ` (did you mean ${guesses.join(', ')}?)`;
}

/** " (did you mean "github"?)" when a known name is close to the one given; empty otherwise. */
function suggestName(name: string, known: readonly string[]): string {
  const guess = closeName(name, known);
  return guess === undefined ? '' : ` (did you mean "${guess}"?)`;
}

/** The known name a slip of a letter or two away from `name`, never a different word. */
function closeName(name: string, known: Iterable<string>): string | undefined {
  const names = [...known];
  if (names.length === 0) return undefined;
  const guess = closest(name, names);
  return distance(name, guess) <= Math.max(1, Math.floor(name.length / 3)) ? guess : undefined;
}
