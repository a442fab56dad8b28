import { inputError, resolveToolSearch, type ToolSearchSettings } from '../src/index.ts';
import type { LoadedSuite } from '../src/index.ts';
import type { CliConfig } from './config.ts';
import type { ToolSearchFlags } from './options.ts';

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
