// The suite check (issue 33, docs/suites.md "The suite check"): what a suite and the current descriptions can show,
// computed from the suite and the catalogue alone before any episode is run, so that `tdo optimize` and `tdo run`
// say it before they spend their budget.
import type { SimParams } from '../agents/sim/params.ts';
import type { CatalogueTool } from '../catalogue/catalogue-types.ts';
import { labelMatches } from '../checks/tool-labels.ts';
import { SPLITS, type PlanStep, type Split, type Suite } from '../suite/schema.ts';
import { rememberedSignals } from '../agents/sim/rank.ts';
import { selectionCompetitors } from './competitors.ts';
import { chosenRightProbability } from './fidelity.ts';
import { minDetectableChange, POWER, SIGNIFICANCE } from './power.ts';
import { wordingOverlap, type WordingOverlap } from './wording.ts';

/**
 * Below this fidelity the sim reads a suite's tools worse than any real data it is checked against. Fitted by
 * test/src/suite-check/fit-fidelity-threshold.ts: on samples of 40 questions (a small suite's labelled steps) the
 * sim's fidelity stays above 0.949 on BFCL v3 multiple, 0.798 on BFCL live_multiple and 0.615 on ToolE's 10-tool
 * catalogues 19 times in 20 (means 0.982, 0.878 and 0.723; real models reach about 90% on BFCL multiple and, in
 * 2023, up to about 85% on ToolE). The lowest, 0.615, rounded down: a suite below it is read worse than the
 * hardest of that data even allowing for a small suite's chance.
 */
export const FIDELITY_THRESHOLD = 0.6;

/** The test split's success rate assumed before anything is run (the seed's is not known yet): the middle, where a rate varies most. */
export const ASSUMED_BASELINE = 0.5;

/** One catalogue tool's labelled plan steps per split, and how often the sim chooses it right for them. */
export interface ToolSteps {
  /** the tool's catalogue name */
  name: string;
  server: string;
  steps: Record<Split, number>;
  /** the sim's mean chance of choosing a labelled tool for this tool's labelled steps; null without a sim or a step */
  simChosenRight: number | null;
}

export interface SuiteCheck {
  tools: ToolSteps[];
  /** the smallest rise in test success from `baseline` (assumed) the test split can show; `change` null when no rise can be shown */
  minDetectableChange: { episodes: number; baseline: number; significance: number; power: number; change: number | null };
  /** the server a selection target scores, and the suite's other servers, which compete with it for first choices */
  selection: { server: string; competitors: string[] } | null;
  /**
   * the share of the suite's labelled steps the sim chooses right with the current descriptions, and with the
   * tools' names alone (every description empty): what the descriptions add to the reading, or take from it; null
   * for an LLM agent
   */
  fidelity: {
    agent: string;
    share: number;
    namesOnly: number;
    steps: number;
    /** labelled steps whose every labelled tool the sim's action class gate sinks: its name contradicts the request, which no description changes */
    gated: number;
    threshold: number;
    poor: boolean;
  } | null;
  /** how much of each task's request its labelled tools' descriptions hold (checkSuite always measures it; a check written by hand may leave it out) */
  wording?: WordingOverlap;
}

export interface SuiteCheckInput {
  suite: Suite;
  /** the catalogue as the agent will see it: the current descriptions */
  catalogue: readonly CatalogueTool[];
  /** the server whose selection is scored (optimize's --server, run's suite target); none: the suite's target */
  server?: string | undefined;
  /** how many episodes each test task runs (repeats, or agents) */
  episodesPerTestTask: number;
  /** the sim agent whose reading is measured; none for an LLM agent */
  sim?: { agent: string; params: SimParams } | undefined;
}

export function checkSuite(input: SuiteCheckInput): SuiteCheck {
  const { suite, catalogue, sim } = input;
  const steps = suite.tasks.flatMap((task) => task.plan.map((step) => ({ step, split: task.split })));
  const chance = sim === undefined ? undefined : steps.map(({ step }) => chosenRightProbability(step, catalogue, sim.params));
  const namesOnly = sim === undefined ? undefined : mean(steps.map(({ step }) => chosenRightProbability(step, withoutDescriptions(catalogue), sim.params)));
  const tools = catalogue.map((tool): ToolSteps => {
    const mine = steps.flatMap((s, i) => (s.step.tools.some((label) => labelMatches(label, tool.server, tool.tool)) ? [i] : []));
    const counts = Object.fromEntries(SPLITS.map((split) => [split, mine.filter((i) => steps[i]!.split === split).length])) as Record<Split, number>;
    return {
      name: tool.name,
      server: tool.server,
      steps: counts,
      simChosenRight: chance === undefined || mine.length === 0 ? null : mean(mine.map((i) => chance[i]!)),
    };
  });
  const episodes = suite.tasks.filter((t) => t.split === 'test').length * input.episodesPerTestTask;
  const server = input.server ?? suite.targetServer;
  const share = chance === undefined || chance.length === 0 ? undefined : mean(chance);
  return {
    tools,
    minDetectableChange: {
      episodes,
      baseline: ASSUMED_BASELINE,
      significance: SIGNIFICANCE,
      power: POWER,
      change: minDetectableChange(episodes, ASSUMED_BASELINE),
    },
    selection: server === undefined ? null : { server, competitors: selectionCompetitors(suite, server) },
    fidelity:
      sim === undefined || share === undefined
        ? null
        : {
            agent: sim.agent,
            share,
            namesOnly: namesOnly!,
            steps: chance!.length,
            gated: steps.filter(({ step }) => labelledGated(step, catalogue, sim.params)).length,
            threshold: FIDELITY_THRESHOLD,
            poor: share < FIDELITY_THRESHOLD,
          },
    wording: wordingOverlap(suite.tasks, catalogue),
  };
}

/** Whether the action class gate sinks every tool the step labels (rank.ts, the conflict signal). */
function labelledGated(step: PlanStep, catalogue: readonly CatalogueTool[], params: SimParams): boolean {
  const signals = rememberedSignals(step.intent, catalogue, params);
  const labelled = catalogue.flatMap((tool, i) => (step.tools.some((label) => labelMatches(label, tool.server, tool.tool)) ? [signals[i]!] : []));
  return labelled.length > 0 && labelled.every((s) => s.conflict > 0);
}

/** The catalogue as a reader sees it with nothing but the tools' names and input schemas. */
function withoutDescriptions(catalogue: readonly CatalogueTool[]): CatalogueTool[] {
  return catalogue.map((tool) => ({ ...tool, description: '' }));
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
