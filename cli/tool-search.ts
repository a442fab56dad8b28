import { inputError } from '../src/index.ts';
import { resolveToolSearch, type ToolSearchSettings } from '../src/index.ts';
import type { LoadedSuite } from '../src/index.ts';
import type { CliConfig } from './config.ts';
import type { ToolSearchFlags } from './options.ts';

/**
 * `tdo optimize` does not run deferred tool loading yet (docs/tool-search.md): it lists every tool, so a suite
 * whose file asks for a search mode is refused there rather than run otherwise than it says.
 */
export function refuseDeferredSuites(suites: readonly LoadedSuite[], command: 'optimize'): void {
  const deferred = suites.find((loaded) => (loaded.suite.toolSearch?.mode ?? 'off') !== 'off');
  if (deferred === undefined) return;
  throw inputError(
    `suite "${deferred.suite.name}" sets toolSearch.mode: ${deferred.suite.toolSearch?.mode}, which \`tdo ${command}\` does not run yet; it would list every tool instead. Measure it with \`tdo run --suite ${deferred.path}\` or \`tdo experiment --suite ${deferred.path}\`, or set toolSearch.mode: off in ${deferred.path} to ${command} with every tool listed`,
  );
}

/**
 * One mode and k for every run of an experiment, so its versions compare under the same host: each field from
 * the flags, then the suite files (which must then agree), then tdo.config.json.
 */
export function experimentToolSearch(flags: ToolSearchFlags, suites: readonly LoadedSuite[], config: CliConfig): ToolSearchSettings {
  const fromFlags = { mode: flags.toolSearch, k: flags.toolSearchK };
  const settled = suites.map((loaded) => ({ loaded, settings: resolveToolSearch(fromFlags, loaded.suite.toolSearch, config.loaded?.config.toolSearch) }));
  const [first, ...rest] = settled;
  const other = rest.find((s) => s.settings.mode !== first!.settings.mode || s.settings.k !== first!.settings.k);
  if (other !== undefined) {
    const say = (s: (typeof settled)[number]) => `"${s.loaded.suite.name}" ${s.settings.mode} (k ${s.settings.k})`;
    throw inputError(
      `the suites ask for different tool searches, ${say(first!)} and ${say(other)}: give --tool-search (and --tool-search-k) to run them all one way`,
    );
  }
  return first!.settings;
}
