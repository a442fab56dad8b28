// Each tool's own choosing, read off the tool confusion of the run that measured a version (its sim decisions:
// traces/viewing/episode-page.ts): precision (decisions that chose the tool and were labelled with it), recall
// (decisions labelled with it that chose it), and what was chosen instead, for the compare page.
import { wilson, type Proportion } from '../../src/index.ts';
import type { ToolConfusionCell } from '../../traces/index.ts';

export interface ToolChoices {
  precision: Proportion;
  recall: Proportion;
  /** the other choices of decisions labelled with the tool, most frequent first (null: no tool chosen) */
  instead: Array<{ chosen: string | null; decisions: number }>;
}

export function toolChoices(cells: readonly ToolConfusionCell[], tool: string): ToolChoices {
  const sum = (picked: readonly ToolConfusionCell[]) => picked.reduce((total, c) => total + c.decisions, 0);
  const hits = sum(cells.filter((c) => c.labelled === tool && c.chosen === tool));
  const labelled = cells.filter((c) => c.labelled === tool);
  return {
    precision: wilson(hits, sum(cells.filter((c) => c.chosen === tool))),
    recall: wilson(hits, sum(labelled)),
    instead: labelled
      .filter((c) => c.chosen !== tool)
      .map(({ chosen, decisions }) => ({ chosen, decisions }))
      .sort((x, y) => y.decisions - x.decisions),
  };
}
