import type { Agent } from '../agents/agent.ts';
import { SimAgent } from '../agents/sim/agent.ts';
import type { CatalogueTool } from '../host/catalogue-types.ts';
import type { Suite } from '../suite/schema.ts';
import { checkSuite, type SuiteCheck } from '../suite/check/suite-check.ts';
import { renderSuiteCheck } from './format/suite-check.ts';

/**
 * The suite check of a command's agents on the catalogue they will see, printed on stderr before the episodes
 * (stdout keeps the report, or the JSON). The fidelity is the first sim agent's: personas read meaning alike.
 * A resumed run computes it for its JSON but does not print it again: it was printed when the run started.
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
): SuiteCheck {
  const sim = agents.find((a) => a instanceof SimAgent);
  const check = checkSuite({ suite, catalogue, server, episodesPerTestTask, sim: sim === undefined ? undefined : { agent: sim.id, params: sim.params } });
  if (!resumed) process.stderr.write(renderSuiteCheck(check, { server, ...(search === undefined ? {} : { search }) }));
  return check;
}
