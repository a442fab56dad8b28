/**
 * The search behind FIDELITY_THRESHOLD in src/suite-check/suite-check.ts (not a test; run with
 * `npx tsx test/src/suite-check/fit-fidelity-threshold.ts [DIR]`, about a minute, DIR holding BFCL live_multiple as
 * ../shared/data/tool-preferences/ has it; without it only the data in test/fixtures is read).
 *
 * On real data, each question's chance that the sim's first choice is the correct tool (chosenRightProbability,
 * the fidelity the suite check measures), and the sim's fidelity on samples of SAMPLE_STEPS questions drawn at
 * random, as a suite of that many labelled steps would be: its 5th percentile is what a suite that the sim reads as
 * well as that data still reaches 19 times in 20. The threshold is the lowest of these over the data sets, so it
 * fires only where the sim reads a suite worse than any real data it is checked against. Our own suites are never
 * used here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { DEFAULT_SIM_PARAMS } from '../../../src/agents/sim/params.ts';
import { stepRng } from '../../../src/agents/sim/step-rng.ts';
import type { CatalogueTool } from '../../../src/catalogue/catalogue-types.ts';
import { chosenRightProbability } from '../../../src/suite-check/fidelity.ts';
import { catalogueTool, loadBfcl } from '../agents/sim/tool-preferences.ts';
import { toolECatalogues } from '../agents/sim/toole.ts';

/** About the size of a small suite: the 42 labelled steps of the suite in issue 33, one or two per split and tool. */
const SAMPLE_STEPS = 40;
const SAMPLES = 20_000;
const SEED = 20251202;

interface Question {
  question: string;
  tools: CatalogueTool[];
  correct: string;
}

const probability = (q: Question) => chosenRightProbability({ intent: q.question, args: {}, tools: [q.correct] }, q.tools, DEFAULT_SIM_PARAMS);

function liveMultiple(dir: string): Question[] | undefined {
  const file = (name: string) => `${dir}/${name}`;
  if (!existsSync(file('bfcl_live_multiple.jsonl'))) return undefined;
  const lines = (name: string) =>
    readFileSync(file(name), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  const answers = new Map(lines('bfcl_live_multiple.answers.jsonl').map((a) => [a.id, Object.keys((a.ground_truth as object[])[0]!)[0]!]));
  return lines('bfcl_live_multiple.jsonl')
    .map((t) => ({
      question: (t.question as Array<Array<{ role: string; content: string }>>)
        .flat()
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join('\n'),
      tools: (t.function as Parameters<typeof catalogueTool>[0][]).map(catalogueTool),
      correct: answers.get(t.id)!,
    }))
    .filter((q) => !/[^\p{ASCII}‘’“”–—…]/u.test(q.question)); // English questions only, as the data's README measured
}

function toolE(): Question[] {
  return toolECatalogues(20251129, 8, 10).flatMap((c) => c.queries.map((q) => ({ question: q.query, tools: c.tools, correct: q.tool })));
}

/** The mean, and the 5th percentile of the mean of SAMPLE_STEPS draws with replacement. */
function fidelityOnSamples(probabilities: readonly number[]): { mean: number; p5: number } {
  const rng = stepRng(SEED, probabilities.length);
  const means = Array.from({ length: SAMPLES }, () => {
    let sum = 0;
    for (let i = 0; i < SAMPLE_STEPS; i++) sum += probabilities[uniformInt(rng, 0, probabilities.length - 1)]!;
    return sum / SAMPLE_STEPS;
  }).sort((a, b) => a - b);
  return { mean: probabilities.reduce((a, b) => a + b, 0) / probabilities.length, p5: means[Math.floor(SAMPLES * 0.05)]! };
}

const data: Record<string, Question[] | undefined> = {
  'BFCL v3 multiple': loadBfcl().map((t) => ({ question: t.question, tools: t.tools, correct: t.correct })),
  'BFCL live_multiple (English)': liveMultiple(process.argv[2] ?? new URL('../../../../shared/data/tool-preferences', import.meta.url).pathname),
  'ToolE 10-tool catalogues': toolE(),
};
let lowest = 1;
for (const [name, questions] of Object.entries(data)) {
  if (questions === undefined) {
    console.log(`${name}: not found, skipped`);
    continue;
  }
  const { mean, p5 } = fidelityOnSamples(questions.map(probability));
  lowest = Math.min(lowest, p5);
  console.log(`${name}: ${questions.length} questions, sim fidelity ${mean.toFixed(3)}, 5th percentile over ${SAMPLE_STEPS}-step samples ${p5.toFixed(3)}`);
}
console.log(`threshold (the lowest 5th percentile): ${lowest.toFixed(3)}`);
