/**
 * Where the sim's misses on the CRUD suites come from (not a fit, and not a test; run with
 * `npx tsx test/src/agents/sim/crud-misses.ts`, seconds): for each suite, with the server's own descriptions and
 * with the careful ones, every step whose noise-free top tool is not a labelled one, with the channel whose
 * weighted part favours the wrong tool most over the best-ranked labelled tool (rank.ts, ScoreParts), and the
 * tools the misses went to; and of the steps whose labelled tools only read (by their names' action class,
 * action-class.ts), the share the sim sends to a tool that writes, expected over its noise. The CRUD suites are
 * only read here, as the check; nothing is chosen by them.
 */
import type { CatalogueTool } from '../../../../src/catalogue/catalogue-types.ts';
import { resolveSimParams } from '../../../../src/agents/sim/params.ts';
import { rankTools, type ScoreParts } from '../../../../src/agents/sim/rank.ts';
import { stepRng } from '../../../../src/agents/sim/step-rng.ts';
import { CRUD_SUITES, readCrudSuite } from './crud-suites.ts';
import { DEFAULT_SIM_PARAMS } from '../../../../src/agents/sim/params.ts';
import { toolClasses } from '../../../../src/agents/sim/action-class.ts';
import { onlyReads, writes } from '../../../../src/agents/sim/actions/classes.ts';

const NOISE_FREE = resolveSimParams({ temperature: 0 });
const verbose = process.argv.includes('--steps');

function tally(counts: Map<string, number>): string {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => `${key} ${n}`)
    .join(', ');
}

function misses(name: string, tasks: ReturnType<typeof readCrudSuite>['tasks'], tools: CatalogueTool[]): void {
  const byChannel = new Map<string, number>();
  const byTool = new Map<string, number>();
  let missed = 0;
  for (const task of tasks) {
    const step = task.plan[0]!;
    // No noise, so the generator is never drawn from.
    const ranked = rankTools(step.intent, tools, stepRng(0, 0), NOISE_FREE);
    const top = ranked[0]!;
    if (step.tools.includes(top.name)) continue;
    missed++;
    const labelled = ranked.find((r) => step.tools.includes(r.name))!;
    const margins = (Object.keys(top.parts) as Array<keyof ScoreParts>).map((part) => [part, top.parts[part] - labelled.parts[part]] as const);
    const [channel] = margins.reduce((best, m) => (m[1] > best[1] ? m : best));
    byChannel.set(channel, (byChannel.get(channel) ?? 0) + 1);
    byTool.set(top.name, (byTool.get(top.name) ?? 0) + 1);
    if (verbose)
      console.log(
        `  ${step.intent} -> ${top.name}, not ${labelled.name} (rank ${ranked.indexOf(labelled) + 1}); top - labelled: ${margins.map(([p, d]) => `${p} ${d.toFixed(2)}`).join(', ')}`,
      );
  }
  console.log(`${name}: ${missed} of ${tasks.length} steps missed noise-free; deciding channel: ${tally(byChannel)}; went to: ${tally(byTool)}`);
}

/** The sim's choice probabilities: the softmax of the noise-free scores over its temperature (src/suite-check/fidelity.ts). */
function choiceProbabilities(intent: string, tools: CatalogueTool[]): Map<string, number> {
  const ranked = rankTools(intent, tools, stepRng(0, 0), NOISE_FREE);
  const weights = ranked.map((t) => Math.exp((t.score - ranked[0]!.score) / DEFAULT_SIM_PARAMS.temperature));
  const total = weights.reduce((a, b) => a + b, 0);
  return new Map(ranked.map((t, i) => [t.name, weights[i]! / total]));
}

const all = (name: string, test: (cls: ReturnType<typeof toolClasses>[number]) => boolean) => {
  const classes = toolClasses(name);
  return classes.length > 0 && classes.every(test);
};

function readsToWrites(name: string, tasks: ReturnType<typeof readCrudSuite>['tasks'], tools: CatalogueTool[]): void {
  const reading = tasks.filter((task) => task.plan[0]!.tools.every((label) => all(label, onlyReads)));
  const sent = reading.reduce((sum, task) => {
    const chance = choiceProbabilities(task.plan[0]!.intent, tools);
    return sum + tools.filter((t) => all(t.tool, writes)).reduce((s, t) => s + chance.get(t.name)!, 0);
  }, 0);
  console.log(
    `${name}: ${reading.length} steps that only read, ${((100 * sent) / Math.max(1, reading.length)).toFixed(1)}% of them sent to a tool that writes`,
  );
}

for (const spec of Object.values(CRUD_SUITES)) {
  const { tasks, own, careful } = readCrudSuite(spec);
  misses(`${spec.suite}, server's descriptions`, tasks, own);
  misses(`${spec.suite}, careful descriptions`, tasks, careful);
  readsToWrites(`${spec.suite}, server's descriptions`, tasks, own);
}
