// `tdo apply`: write a version where its server loads descriptions at start, so the chosen text ships, or say
// how to serve it through `tdo proxy` when the server has no such file.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TraceStore, VersionRow } from '../../../traces/index.ts';
import { boundedList, inputError, isTdoError, loadSuite, type ServerSpec, type StdioServerSpec, type SuiteReferences } from '../../../src/index.ts';
import { readDescriptionsFile, writeDescriptionsFile } from './descriptions-file.ts';

export interface DescriptionsLocation {
  file: string;
  /** How the file was found, for the user to check. */
  reason: string;
}

/**
 * Where a started server of ours loads its descriptions when its command line does not say: the
 * composition root (cli/) knows the shipped servers; experiments/ must not import servers/.
 */
export type ShippedDescriptionsFile = (spec: StdioServerSpec) => DescriptionsLocation | undefined;

/** The value of the last `--descriptions FILE` / `--descriptions=FILE` on a command line. */
export function descriptionsArgument(args: readonly string[]): string | undefined {
  let value: string | undefined;
  args.forEach((arg, i) => {
    if (arg === '--descriptions' && i + 1 < args.length) value = args[i + 1];
    else if (arg.startsWith('--descriptions=')) value = arg.slice('--descriptions='.length);
  });
  return value;
}

/**
 * How a version of this server ships. A file route when the server loads its descriptions from a file tdo can
 * locate: its `--descriptions` argument (relative to the server's cwd), else the shipped server's default file.
 * A stdio server started otherwise keeps its descriptions where tdo cannot write them (in its code, as far as
 * tdo can tell), so its route is `tdo proxy` in front of that command (proxy-route.ts). A server reached by URL
 * has neither: the caller must name the file.
 */
export function shipRoute(spec: ServerSpec, source: string, shipped: ShippedDescriptionsFile): ShipRoute {
  if ('url' in spec)
    throw inputError(
      `server "${spec.name}" is reached at ${spec.url} (in ${source}), so tdo cannot tell which file it loads; pass --out FILE to name the file it loads`,
    );
  const given = descriptionsArgument(spec.args);
  if (given !== undefined)
    return { route: 'file', file: resolve(spec.cwd ?? process.cwd(), given), reason: `the --descriptions argument of server "${spec.name}" in ${source}` };
  const found = shipped(spec);
  if (found !== undefined) return { route: 'file', ...found };
  return {
    route: 'proxy',
    spec,
    reason: `server "${spec.name}" in ${source} is started as \`${[spec.command, ...spec.args].join(' ')}\` with no --descriptions argument, so tdo knows of no file it loads its descriptions from`,
  };
}

export type ShipRoute = ({ route: 'file' } & DescriptionsLocation) | { route: 'proxy'; spec: StdioServerSpec; reason: string };

/** Where a server's start-up spec was read: a suite file, or tdo.config.json's mcpServers. */
export interface FoundServerSpec {
  spec: ServerSpec;
  /** The file the spec came from, for the user to check. */
  source: string;
}

/**
 * The spec that says how the version's server starts: from `suite` when given; else from the newest run's
 * suite that connected the server, then tdo.config.json's server of that name, then the shipped suites.
 * Suites are loaded with the config's references, as `tdo run` loads them, so a suite that names a
 * config server (`servers: [name]`, as `tdo init` writes) resolves here too.
 */
export function findServerSpec(store: Pick<TraceStore, 'listRuns'>, server: string, suite?: string, refs: SuiteReferences = {}): FoundServerSpec {
  if (suite !== undefined) {
    const loaded = loadSuite(suite, refs);
    const spec = loaded.suite.servers.find((s) => s.name === server);
    if (spec === undefined) throw inputError(`suite ${suite} has no server "${server}"; pass --out FILE or the suite that starts it`);
    return { spec, source: loaded.path };
  }
  const runSuites = store
    .listRuns(Number.MAX_SAFE_INTEGER)
    .filter((r) => server in r.versionIds)
    .map((r) => r.suitePath);
  const shippedDir = refs.shippedSuites;
  const shippedSuites =
    shippedDir === undefined
      ? []
      : readdirSync(shippedDir)
          .filter((f) => /\.(ya?ml|json)$/.test(f))
          .sort()
          .map((f) => join(shippedDir, f));
  const configured = refs.servers?.[server];
  const found =
    inSuites(new Set(runSuites), server, refs) ??
    (configured === undefined ? undefined : { spec: configured, source: refs.source ?? 'tdo.config.json' }) ??
    inSuites(new Set(shippedSuites), server, refs);
  if (found !== undefined) return found;
  throw inputError(
    `no suite in the trace store's runs, no server in ${refs.source ?? 'tdo.config.json (none found)'} and no suite in ${shippedDir ?? 'the shipped suites (none given)'} starts a server "${server}"; pass --suite or --out FILE`,
  );
}

/** The first of the suites that loads and starts the server; a stale suite (moved, now invalid) is skipped. */
function inSuites(paths: Iterable<string>, server: string, refs: SuiteReferences): FoundServerSpec | undefined {
  for (const path of paths) {
    if (!existsSync(path)) continue;
    let loaded;
    try {
      loaded = loadSuite(path, refs);
    } catch (err) {
      if (isTdoError(err, 'input')) continue;
      throw err;
    }
    const spec = loaded.suite.servers.find((s) => s.name === server);
    if (spec !== undefined) return { spec, source: loaded.path };
  }
  return undefined;
}

export interface ApplyResult {
  file: string;
  reason: string;
  /** Tools the file had that the version does not describe: their text in the file was kept. */
  kept: string[];
  descriptions: Record<string, string>;
}

/**
 * Writes the version's descriptions into `location.file`. An existing file must list every tool the
 * version describes (the server accepts exactly its own tools, so a mismatch means the wrong file or
 * server); tools the version leaves out keep the file's text.
 */
export function applyVersion(version: Pick<VersionRow, 'id' | 'server' | 'descriptions'>, location: DescriptionsLocation): ApplyResult {
  const current = existsSync(location.file) ? readDescriptionsFile(location.file) : undefined;
  if (current !== undefined) {
    const unknown = Object.keys(version.descriptions).filter((tool) => !Object.hasOwn(current, tool));
    if (unknown.length > 0) {
      throw inputError(
        `${location.file} describes ${boundedList(Object.keys(current))}, but version ${version.id} (server ${version.server}) describes ${boundedList(unknown)} too: is it the file of another server? Nothing was written`,
      );
    }
  }
  const kept = current === undefined ? [] : Object.keys(current).filter((tool) => !Object.hasOwn(version.descriptions, tool));
  const descriptions =
    current === undefined
      ? { ...version.descriptions }
      : Object.fromEntries(Object.keys(current).map((tool) => [tool, version.descriptions[tool] ?? current[tool]!]));
  writeDescriptionsFile(location.file, descriptions);
  return { file: location.file, reason: location.reason, kept, descriptions };
}
