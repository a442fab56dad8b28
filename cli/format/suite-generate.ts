// What `tdo suite draft --generate` prints: the draft written, what each tool got, how close the requests are
// worded to the descriptions, and what the model calls spent; and, with --dry-run, the estimate.
import { counted, formatCost, overlapBySplit, splitCountsLine, type DraftedTask, type DraftEstimate, type DraftTool } from '../../src/index.ts';
import { SPLITS } from '../../src/index.ts';

export interface DraftOutcome {
  file: string;
  model: string;
  source: string;
  tools: readonly DraftTool[];
  tasks: DraftedTask[];
  calls: number;
  retried: number;
  spent: { tokensIn: number; tokensOut: number; cost: number | null };
  maxOverlap: number;
}

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
const costText = (cost: number | null, model: string) =>
  cost === null ? `price unknown for ${model} (set model.prices in tdo.config.json)` : formatCost(cost);

export function renderDraft(d: DraftOutcome): string {
  const kinds = (kind: DraftedTask['kind']) => d.tasks.filter((t) => t.kind === kind).length;
  const marks = kinds('sequence');
  const overlap = overlapBySplit(d.tasks)
    .map((o) => `${o.split} ${percent(o.mean)}${o.split === 'paraphrase' ? ` (highest ${percent(o.max)}, bound ${percent(d.maxOverlap)})` : ''}`)
    .join(', ');
  return [
    `drafted ${counted(d.tasks.length, 'task')} for ${d.source} (${counted(d.tools.length, 'tool')}) with the model ${d.model} and wrote ${d.file}`,
    `  tasks per tool (train/val/test/paraphrase): ${splitCountsLine(d.tasks)}`,
    `  ${counted(kinds('negative'), 'request')} no tool serves (check no-tool), ${counted(marks, 'request')} that need two tools`,
    `  content words a request shares with its tools' descriptions, mean per split: ${overlap}`,
    `  model calls: ${d.calls}${d.retried === 0 ? '' : ` (${d.retried} asked again after an answer that could not be used)`}, ${d.spent.tokensIn} tokens in / ${d.spent.tokensOut} out, ${costText(d.spent.cost, d.model)}`,
    `next: review every request (they are the model's, not your users')${marks === 0 ? '' : `, write the ${counted(marks, 'value')} marked "FILL:" (\`tdo run\` names each one left)`}, then`,
    `  tdo run --suite ${d.file} --agent llm --model NAME`,
    '',
  ].join('\n');
}

export function draftJson(d: DraftOutcome) {
  const perTool = d.tools.map((tool) => ({
    tool: tool.name,
    server: tool.server,
    ...Object.fromEntries(SPLITS.map((s) => [s, d.tasks.filter((t) => t.kind === 'tool' && t.steps[0]!.tool === tool && t.split === s).length])),
  }));
  return {
    file: d.file,
    model: d.model,
    tasks: d.tasks.length,
    perTool,
    negatives: d.tasks.filter((t) => t.kind === 'negative').length,
    twoTool: d.tasks.filter((t) => t.kind === 'sequence').length,
    fillMarks: d.tasks.filter((t) => t.kind === 'sequence').length,
    overlap: overlapBySplit(d.tasks),
    maxOverlap: d.maxOverlap,
    calls: d.calls,
    retried: d.retried,
    spend: d.spent,
  };
}

export function renderDraftEstimate(e: DraftEstimate): string {
  return [
    `estimate before drafting: about ${counted(e.calls, 'call')} to ${e.model}, ${e.tokensIn} tokens in / ${e.tokensOut} out, ${e.cost === null ? costText(null, e.model) : `about ${formatCost(e.cost)}`}`,
    `  assumptions: ${e.assumptions}`,
    'dry run: nothing was drafted and no model endpoint was reached; drop --dry-run to draft',
    '',
  ].join('\n');
}
