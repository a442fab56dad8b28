/**
 * The search behind the action channel's fitted values in src/agents/sim/params.ts, step 3 (not a test; run with
 * `npx tsx test/src/agents/sim/fit-action.ts`, a few minutes): a grid over the action weight, the WordNet senses
 * counted and the similarity's exponent, the other parameters at their defaults, maximizing the expected top-1
 * accuracy with noise (the exact softmax probability of the correct tool) averaged over BFCL live_multiple, BFCL
 * v3 multiple and the 8 ToolE 10-tool catalogues. Our own suites and the CRUD suites (the check) are never used.
 */
import { resolveSimParams, type SimParams } from '../../../../src/agents/sim/params.ts';
import { toolSignals, weighParts, type ToolSignals } from '../../../../src/agents/sim/rank.ts';
import type { CatalogueTool } from '../../../../src/host/catalogue-types.ts';
import { toolECatalogues } from './toole.ts';
import { loadBfcl, loadBfclLiveMultiple } from './tool-preferences.ts';

const SEED = 20251129;
const WEIGHTS = [0, 2, 4, 6, 8];
const GRID: Array<SimParams['action']> = [1, 3].flatMap((senses) => [1, 2].map((exponent) => ({ ...resolveSimParams().action, senses, exponent })));

interface Decision {
  signals: ToolSignals[];
  correct: number;
}

type Task = { intent: string; tools: readonly CatalogueTool[]; correct: string };

const datasets: Record<string, Task[][]> = {
  live_multiple: [loadBfclLiveMultiple().map((t) => ({ intent: t.question, tools: t.tools, correct: t.correct }))],
  'BFCL multiple': [loadBfcl().map((t) => ({ intent: t.question, tools: t.tools, correct: t.correct }))],
  ToolE: toolECatalogues(SEED, 8, 10).map((c) => c.queries.map((q) => ({ intent: q.query, tools: c.tools, correct: q.tool }))),
};

function expectedAccuracy(decisions: readonly Decision[], params: SimParams): number {
  let sum = 0;
  for (const d of decisions) {
    const scores = d.signals.map((s) => Object.values(weighParts(s, params)).reduce((a, b) => a + b, 0));
    const top = Math.max(...scores);
    const total = scores.reduce((z, x) => z + Math.exp((x - top) / params.temperature), 0);
    sum += Math.exp((scores[d.correct]! - top) / params.temperature) / total;
  }
  return sum / decisions.length;
}

for (const action of GRID) {
  const params = resolveSimParams({ action });
  const decided = Object.entries(datasets).map(
    ([name, groups]) =>
      [
        name,
        groups.map((tasks) =>
          tasks.map((t) => ({ signals: toolSignals(t.intent, t.tools, params), correct: t.tools.findIndex((tool) => tool.name === t.correct) })),
        ),
      ] as const,
  );
  for (const weight of WEIGHTS) {
    const weighed = resolveSimParams({ action, weights: { action: weight } });
    const means = decided.map(([name, groups]) => [name, groups.reduce((s, g) => s + expectedAccuracy(g, weighed), 0) / groups.length] as const);
    const overall = means.reduce((s, [, m]) => s + m, 0) / means.length;
    console.log(
      `senses ${action.senses} exponent ${action.exponent} weight ${weight}: ${overall.toFixed(4)} (${means.map(([n, m]) => `${n} ${m.toFixed(3)}`).join(', ')})`,
    );
  }
}
