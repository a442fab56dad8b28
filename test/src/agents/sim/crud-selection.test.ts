import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PARAMS } from '../../../../src/agents/sim/params.ts';
import { rankTools } from '../../../../src/agents/sim/rank.ts';
import { stepRng } from '../../../../src/agents/sim/step-rng.ts';
import type { CatalogueTool, JsonSchema } from '../../../../src/host/catalogue-types.ts';
import { episodeSeed } from '../../../../src/run/seeds.ts';
import { loadSuite } from '../../../../src/suite/load.ts';

/**
 * A third-party CRUD-style server's selection suite without the server: its captured tools/list
 * (experiments/catalogs/taskmanager.json), ranked for each task's intent as `tdo run` ranks them, with the
 * server's own descriptions and with the careful ones written for the same tools.
 */
const root = new URL('../../../../', import.meta.url);
const catalogue = JSON.parse(readFileSync(new URL('experiments/catalogs/taskmanager.json', root), 'utf8')) as {
  tools: Array<{ name: string; description: string; inputSchema: JsonSchema }>;
};
const careful = JSON.parse(readFileSync(new URL('experiments/suites/taskmanager-selection.careful.json', root), 'utf8')) as Record<string, string>;
const tasks = loadSuite('taskmanager-selection').suite.tasks;
const RUN_SEEDS = 20;

function labelledShare(describe: (tool: { name: string; description: string }) => string): number {
  const tools: CatalogueTool[] = catalogue.tools.map((t) => ({
    name: t.name,
    server: 'taskmanager',
    tool: t.name,
    description: describe(t),
    inputSchema: t.inputSchema,
  }));
  let right = 0;
  for (let seed = 0; seed < RUN_SEEDS; seed++)
    for (const task of tasks) {
      const step = task.plan[0]!;
      if (step.tools.includes(rankTools(step.intent, tools, stepRng(episodeSeed(seed, task.id, 0), 0), DEFAULT_SIM_PARAMS)[0]!.name)) right++;
    }
  return right / (RUN_SEEDS * tasks.length);
}

describe('sim on @kazuph/mcp-taskmanager (taskmanager-selection suite)', () => {
  const seed = labelledShare((t) => t.description);
  const written = labelledShare((t) => careful[t.name]!);

  it('has careful descriptions for every tool, and at least 3 tasks per tool', () => {
    expect(Object.keys(careful).sort()).toEqual(catalogue.tools.map((t) => t.name).sort());
    for (const tool of catalogue.tools) expect(tasks.filter((t) => t.plan[0]!.tools.includes(tool.name)).length, tool.name).toBeGreaterThanOrEqual(3);
  });

  it("chooses the labelled tool more often with the careful descriptions than with the server's own", () => {
    console.log(
      `taskmanager-selection, labelled tool chosen over run seeds 0-${RUN_SEEDS - 1}: server's descriptions ${seed.toFixed(3)}, careful ${written.toFixed(3)}`,
    );
    expect(written).toBeGreaterThan(seed + 0.1);
  });

  // Target not reached: 0.551 on main 26cf40a, 0.559 with the action channel (careful 0.745). The semantic channel's
  // GloVe closeness (antonyms close: "drop" and "need" near "get") outweighs the action channel, and WordNet's
  // frequent senses do not relate drop, forget, rename or tick off to delete, update or mark (Wu-Palmer 0).
  // `it.fails` turns red, to be flipped, once the sim reaches it.
  it.fails("chooses the labelled tool for at least 80% of the steps with the server's own descriptions", () => {
    expect(seed).toBeGreaterThanOrEqual(0.8);
  });
});
