/**
 * Loaders and measures for the real tool-selection data in test/fixtures/tool-preferences
 * (Faghih et al., EMNLP 2025, arXiv 2505.18135; see its README). Shared by the calibration tests and
 * by fit-params.ts, the search that produced the fitted values in src/agents/sim/params.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import * as z from 'zod';
import type { CatalogueTool, JsonSchema } from '../../../../src/catalogue/catalogue-types.ts';

const FIXTURES = new URL('../../../fixtures/tool-preferences/', import.meta.url);

const functionSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  parameters: z.record(z.string(), z.unknown()),
});
type FunctionDoc = z.infer<typeof functionSchema>;

const bfclTaskSchema = z.object({
  id: z.string(),
  question: z.array(z.array(z.object({ role: z.string(), content: z.string() }))),
  function: z.array(functionSchema).min(2),
});
const bfclAnswerSchema = z.object({
  id: z.string(),
  ground_truth: z.array(z.record(z.string(), z.unknown())).length(1),
});
const pairRowSchema = z.object({
  pair: z.tuple([z.string(), z.string()]),
  first: z.string(),
  id: z.string(),
  query: z.string().min(1),
  functions: z.array(functionSchema).length(2),
});
const modelChoiceSchema = z.object({
  model: z.string(),
  pair: z.tuple([z.string(), z.string()]),
  first: z.string(),
  total: z.number(),
  correct: z.number(),
  // A count that is zero is missing from the file.
  chosen_by_edit: z.record(z.string(), z.number()),
  chosen_by_position: z.partialRecord(z.enum(['1', '2']), z.number()),
});
export type ModelChoice = z.infer<typeof modelChoiceSchema>;

export interface BfclTask {
  id: string;
  question: string;
  tools: CatalogueTool[];
  correct: string;
}

export interface PairRow {
  query: string;
  tools: CatalogueTool[];
  /** The edit each listed tool carries: the file's `first` edit is listed first. */
  edits: [string, string];
}

function jsonLines<T>(text: string, schema: z.ZodType<T>, file: string): T[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      const parsed = schema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${file} line ${i + 1}: ${z.prettifyError(parsed.error)}`);
      return parsed.data;
    });
}

function readLines<T>(file: string, schema: z.ZodType<T>): T[] {
  const raw = readFileSync(new URL(file, FIXTURES));
  return jsonLines(file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8'), schema, file);
}

/** A BFCL function as an MCP host would list it (BFCL's "dict" is JSON Schema's "object"). */
export function catalogueTool(fn: FunctionDoc): CatalogueTool {
  return { name: fn.name, server: 'bfcl', tool: fn.name, description: fn.description, inputSchema: { ...fn.parameters, type: 'object' } as JsonSchema };
}

/** BFCL v3 "multiple": 200 tasks of 2-4 functions. */
export function loadBfcl(): BfclTask[] {
  return loadBfclCategory('bfcl_v3_multiple');
}

/**
 * The half of BFCL live_multiple the project may use (527 real user queries, 2-37 functions; see the fixtures'
 * README), without the 9 questions that are not in English: those with a letter outside ASCII (Vietnamese,
 * Chinese, Korean; one Korean-English mix goes with them).
 */
export function loadBfclLiveMultiple(): BfclTask[] {
  return loadBfclCategory('bfcl_live_multiple').filter((task) => !/[^\x00-\x7f]/.test(task.question));
}

function loadBfclCategory(name: string): BfclTask[] {
  const tasksFile = existsSync(new URL(`${name}.jsonl.gz`, FIXTURES)) ? `${name}.jsonl.gz` : `${name}.jsonl`;
  const answers = new Map(readLines(`${name}.answers.jsonl`, bfclAnswerSchema).map((a) => [a.id, Object.keys(a.ground_truth[0]!)[0]!]));
  return readLines(tasksFile, bfclTaskSchema).map((task) => {
    const correct = answers.get(task.id);
    if (correct === undefined) throw new Error(`no answer for ${task.id}`);
    const question = task.question
      .flat()
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join('\n');
    return { id: task.id, question, tools: task.function.map(catalogueTool), correct };
  });
}

export function loadPairs(): PairRow[] {
  return readLines('pairs.jsonl.gz', pairRowSchema).map((row) => {
    const second = row.pair[0] === row.first ? row.pair[1] : row.pair[0];
    return { query: row.query, tools: row.functions.map(catalogueTool), edits: [row.first, second] };
  });
}

export function loadModelChoices(): ModelChoice[] {
  return readLines('model-choices.jsonl', modelChoiceSchema);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** What a reader of the pairs does: its share for each edit, and its share of calls to the first-listed tool. */
export interface Shares {
  byEdit: Map<string, number>;
  firstPosition: number;
}

/** The models in the file, in the order they first appear. */
export function modelNames(choices: readonly ModelChoice[]): string[] {
  return [...new Set(choices.map((c) => c.model))];
}

/**
 * One model's shares. For an edit: the mean, over the files containing the edit, of chosen_by_edit[edit] /
 * (both edits' counts). First position: the share of all its calls that went to the first-listed tool.
 */
export function modelShares(choices: readonly ModelChoice[], model: string): Shares {
  const rows = choices.filter((c) => c.model === model);
  if (rows.length === 0) throw new Error(`no choices of model "${model}"`);
  const edits = [...new Set(rows.flatMap((c) => c.pair))];
  const byEdit = new Map(
    edits.map((edit) => [
      edit,
      mean(rows.filter((c) => c.pair.includes(edit)).map((c) => (c.chosen_by_edit[edit] ?? 0) / c.pair.reduce((n, e) => n + (c.chosen_by_edit[e] ?? 0), 0))),
    ]),
  );
  const first = rows.reduce((n, c) => n + (c.chosen_by_position['1'] ?? 0), 0);
  const all = rows.reduce((n, c) => n + (c.chosen_by_position['1'] ?? 0) + (c.chosen_by_position['2'] ?? 0), 0);
  return { byEdit, firstPosition: first / all };
}

/** Per edit, the median over models of each model's share for that edit (modelShares). */
export function realEditShares(choices: readonly ModelChoice[]): Map<string, number> {
  const perModel = modelNames(choices).map((model) => modelShares(choices, model).byEdit);
  const edits = [...new Set(choices.flatMap((c) => c.pair))];
  return new Map(edits.map((edit) => [edit, median(perModel.flatMap((shares) => (shares.has(edit) ? [shares.get(edit)!] : [])))]));
}

/** The median over models of the share of calls that went to the first-listed of the two tools. */
export function realFirstPositionShare(choices: readonly ModelChoice[]): number {
  return median(modelNames(choices).map((model) => modelShares(choices, model).firstPosition));
}

/** The median real model, as realEditShares and realFirstPositionShare measure it. */
export function medianShares(choices: readonly ModelChoice[]): Shares {
  return { byEdit: realEditShares(choices), firstPosition: realFirstPositionShare(choices) };
}

/**
 * Turns per-row choice probabilities of the first-listed tool into the sim's share per edit (over
 * every row where the edit appears, both orders) and its first-position share.
 */
export function editShares(rows: readonly PairRow[], firstChosen: (row: PairRow, index: number) => number): Shares {
  const sums = new Map<string, { chosen: number; rows: number }>();
  let first = 0;
  rows.forEach((row, i) => {
    const p = firstChosen(row, i);
    first += p;
    row.edits.forEach((edit, position) => {
      const s = sums.get(edit) ?? { chosen: 0, rows: 0 };
      s.chosen += position === 0 ? p : 1 - p;
      s.rows += 1;
      sums.set(edit, s);
    });
  });
  return { byEdit: new Map([...sums].map(([edit, s]) => [edit, s.chosen / s.rows])), firstPosition: first / rows.length };
}
