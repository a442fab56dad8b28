import { inputError } from '../src/errors.ts';
import type { LoadedSuite } from '../src/suite/load.ts';

/**
 * Only `tdo run` runs deferred tool loading so far (docs/tool-search.md): experiment and optimize list
 * every tool, so a suite whose file asks for a search mode is refused there rather than run otherwise than it says.
 */
export function refuseDeferredSuites(suites: readonly LoadedSuite[], command: 'experiment' | 'optimize'): void {
  const deferred = suites.find((loaded) => (loaded.suite.toolSearch?.mode ?? 'off') !== 'off');
  if (deferred === undefined) return;
  throw inputError(
    `suite "${deferred.suite.name}" sets toolSearch.mode: ${deferred.suite.toolSearch?.mode}, which only \`tdo run\` runs so far; \`tdo ${command}\` would list every tool instead. Measure it with \`tdo run --suite ${deferred.path}\`, or set toolSearch.mode: off in ${deferred.path} to ${command} with every tool listed`,
  );
}
