import type { Agent } from '../src/index.ts';
import { SimAgent } from '../src/index.ts';
import type { CatalogueTool } from '../src/index.ts';
import type { Suite } from '../src/index.ts';
import { checkSuite, type SuiteCheck } from '../src/index.ts';
import { renderSuiteCheck } from './format/suite-check.ts';
import { terminalSafe } from '../src/index.ts';
import type { TraceStore } from '../traces/index.ts';

/**
 * The suite check of a command's agents on the catalogue they will see, for stderr before the episodes (stdout
 * keeps the report, or the JSON). The fidelity is the first sim agent's: personas read meaning alike. The text
 * is printed once the run is created (printSuiteCheck), so a store that refuses the run speaks first, and not
 * again on a resume: it was printed when the run started.
 */
export function announceSuiteCheck(
  suite: Suite,
  agents: readonly Agent[],
  catalogue: readonly CatalogueTool[],
  {
    server,
    episodesPerTestTask,
    search,
    resumed,
  }: { server?: string | undefined; episodesPerTestTask: number; search?: { selection: boolean }; resumed: boolean },
): { check: SuiteCheck; text: string } {
  const sim = agents.find((a) => a instanceof SimAgent);
  const check = checkSuite({ suite, catalogue, server, episodesPerTestTask, sim: sim === undefined ? undefined : { agent: sim.id, params: sim.params } });
  return { check, text: resumed ? '' : renderSuiteCheck(check, { server, ...(search === undefined ? {} : { search }) }) };
}

/** Prints the check as the run starts and keeps it with the run (`tdo view` shows it); a resume, which prints none, keeps the first. */
export function printSuiteCheck(store: TraceStore, runId: string, text: string): void {
  if (text === '') return;
  process.stderr.write(terminalSafe(text));
  store.setSuiteCheck(runId, text);
}
