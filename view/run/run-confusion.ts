// A run's tool confusion and where it comes from: the decisions the sim recorded with their labelled tools, or, for
// a run whose decisions name none (an LLM's), its calls aligned with the plans of its suite file (plan-alignment.ts).
import { loadSuite, type PlanStep } from '../../src/index.ts';
import type { RunRow, ToolConfusionCell, TraceStore } from '../../traces/index.ts';
import { alignedConfusion } from './plan-alignment.ts';

export interface RunConfusion {
  cells: ToolConfusionCell[];
  /** how the cells were counted, or why there are none */
  source: string;
}

export function runConfusion(store: TraceStore, run: RunRow): RunConfusion {
  const recorded = store.toolConfusion(run.id);
  if (recorded.length > 0) return { cells: recorded, source: 'Each decision of the sim agent, as it recorded the labelled tools of its plan step.' };
  let plans: Map<string, readonly PlanStep[]>;
  try {
    plans = new Map(loadSuite(run.suitePath).suite.tasks.map((t) => [t.id, t.plan]));
  } catch (err) {
    return { cells: [], source: `The run's decisions name no labelled tool, and its suite file cannot be read to align them: ${(err as Error).message}` };
  }
  return {
    cells: alignedConfusion(plans, store.runToolCalls(run.id)),
    source: `The run's decisions name no labelled tool (an LLM's do not), so its calls are aligned with the plans of ${run.suitePath} as the file holds them now: each plan step is matched with a call of one of its labelled tools when the episode made one, the steps left are paired in order with the calls left, and a step with no call left chose no tool.`,
  };
}
