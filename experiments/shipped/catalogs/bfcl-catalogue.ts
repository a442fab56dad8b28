/**
 * The BFCL live_multiple functions as one catalogue server, and its questions as selection-only tasks: the data
 * of the large-catalogue suite (experiments/shipped/suites/large-catalogue.yaml), written by build-large-catalogue.ts.
 * The data is test/fixtures/tool-preferences/bfcl_live_multiple.jsonl.gz (its README): real user queries with
 * the functions they were asked against and the one correct function, none of it written by this project.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import * as z from 'zod';

const functionSchema = z.object({ name: z.string().min(1), description: z.string(), parameters: z.record(z.string(), z.unknown()) });
const taskSchema = z.object({
  id: z.string(),
  question: z.array(z.array(z.object({ role: z.string(), content: z.string() }))),
  function: z.array(functionSchema).min(1),
});
const answerSchema = z.object({ id: z.string(), ground_truth: z.array(z.record(z.string(), z.record(z.string(), z.unknown()))).length(1) });

type BfclFunction = z.infer<typeof functionSchema>;

/** One function as a catalogue file lists it (servers/catalog/catalog-file.ts). */
export interface CatalogueFileTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** One question as a selection-only task: the labelled function and the first accepted value of each argument. */
export interface BfclQuestion {
  id: string;
  question: string;
  correct: string;
  args: Record<string, unknown>;
}

export interface BfclCatalogue {
  tools: CatalogueFileTool[];
  questions: BfclQuestion[];
}

/** One English question of the data (the fixtures' filter: no letter outside ASCII), with the set it was asked of. */
interface BfclEntry extends BfclQuestion {
  set: string;
  functions: CatalogueFileTool[];
}

/** The data's English questions in file order. The middle number of a task id names the set its functions came from. */
function bfclEntries(tasksFile: URL, answersFile: URL): BfclEntry[] {
  const answers = new Map(jsonLines(readFileSync(answersFile, 'utf8'), answerSchema).map((a) => [a.id, a.ground_truth[0]!]));
  const entries: BfclEntry[] = [];
  for (const task of jsonLines(gunzipSync(readFileSync(tasksFile)).toString('utf8'), taskSchema)) {
    const question = task.question
      .flat()
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join('\n');
    if (/[^\x00-\x7f]/.test(question)) continue;
    const answer = answers.get(task.id);
    if (answer === undefined) throw new Error(`${task.id} has no answer in ${answersFile.pathname}`);
    const [correct, accepted] = Object.entries(answer)[0]!;
    const set = task.id.split('_').at(-1)!.split('-')[1]!;
    entries.push({ id: task.id, set, question, correct, args: firstAccepted(accepted), functions: task.function.map(catalogueFileTool) });
  }
  return entries;
}

const question = ({ id, question, correct, args }: BfclEntry): BfclQuestion => ({ id, question, correct, args });

/**
 * Takes the data's function sets in file order, each with its first question not asked before, until `questions` are taken. A
 * function is one tool of the catalogue: a set is skipped when one of its functions has a name already taken by a
 * function defined otherwise, so every question is asked against the text it was labelled with.
 */
export function bfclCatalogue(tasksFile: URL, answersFile: URL, questions: number): BfclCatalogue {
  const tools = new Map<string, CatalogueFileTool>();
  const taken: BfclQuestion[] = [];
  const sets = new Set<string>();
  const asked = new Set<string>();
  for (const entry of bfclEntries(tasksFile, answersFile)) {
    if (taken.length === questions) break;
    if (sets.has(entry.set) || asked.has(entry.question)) continue;
    if (entry.functions.some((t) => tools.has(t.name) && JSON.stringify(tools.get(t.name)) !== JSON.stringify(t))) continue;
    sets.add(entry.set);
    asked.add(entry.question);
    for (const t of entry.functions) tools.set(t.name, t);
    taken.push(question(entry));
  }
  return { tools: [...tools.values()], questions: taken };
}

/** A recurring catalogue's questions, each with the split the round through its function's questions gave it. */
export interface RecurringCatalogue {
  tools: CatalogueFileTool[];
  questions: Array<BfclQuestion & { split: CatalogueSplit }>;
}

export const SPLITS = ['train', 'val', 'test'] as const;
export type CatalogueSplit = (typeof SPLITS)[number];

/**
 * Takes every function the data labels correct in at least three distinct questions, with its first
 * `rounds * 3` questions in file order, splits going round them (train, val, test, train, ...), so each such
 * function has a question in every split and the proposer, which reads train only, sees the tools that validation
 * and test ask for. The catalogue holds the functions of every set one of those questions was asked of. BFCL
 * rewords a function's description and arguments from set to set; a name is served once, as the first of those
 * sets in file order defines it (a question asked again is taken once), so a question may be asked against another set's wording of its function.
 */
export function recurringBfclCatalogue(tasksFile: URL, answersFile: URL, rounds: number): RecurringCatalogue {
  const entries = bfclEntries(tasksFile, answersFile);
  const byFunction = new Map<string, BfclEntry[]>();
  const asked = new Set<string>();
  for (const entry of entries) {
    if (asked.has(entry.question)) continue;
    asked.add(entry.question);
    byFunction.set(entry.correct, [...(byFunction.get(entry.correct) ?? []), entry]);
  }
  const taken = [...byFunction.values()]
    .filter((own) => own.length >= SPLITS.length)
    .flatMap((own) => own.slice(0, rounds * SPLITS.length).map((e, i) => ({ entry: e, split: SPLITS[i % SPLITS.length]! })))
    .sort((a, b) => entries.indexOf(a.entry) - entries.indexOf(b.entry));
  const sets = new Set(taken.map((t) => t.entry.set));
  const tools = new Map<string, CatalogueFileTool>();
  for (const entry of entries) if (sets.has(entry.set)) for (const t of entry.functions) if (!tools.has(t.name)) tools.set(t.name, t);
  return { tools: [...tools.values()], questions: taken.map((t) => ({ ...question(t.entry), split: t.split })) };
}

function catalogueFileTool(fn: BfclFunction): CatalogueFileTool {
  return { name: fn.name, description: fn.description, inputSchema: jsonSchema(fn.parameters) };
}

/** BFCL's parameter types as JSON Schema's: dict is object, float number, tuple array; `any` has no type. */
const BFCL_TYPES: Record<string, string | undefined> = { dict: 'object', float: 'number', tuple: 'array', any: undefined };

function jsonSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && typeof value === 'string') {
      const type = value in BFCL_TYPES ? BFCL_TYPES[value] : value;
      if (type !== undefined) out.type = type;
    } else if (key === 'properties' && isRecord(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, isRecord(property) ? jsonSchema(property) : property]));
    } else if (key === 'items' && isRecord(value)) {
      out.items = jsonSchema(value);
    } else out[key] = value;
  }
  return out;
}

/** The answer lists the accepted values of each argument; the first is taken, and "" (BFCL's "may be left out") leaves it out. */
function firstAccepted(accepted: Record<string, unknown>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(accepted)) {
    const first = Array.isArray(values) ? values[0] : values;
    if (first === '' || first === undefined) continue;
    args[name] = isRecord(first) ? firstAccepted(first) : first;
  }
  return args;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Each non-blank line of `text` as JSON, checked by `schema`. */
export function jsonLines<T>(text: string, schema: z.ZodType<T>): T[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => schema.parse(JSON.parse(line)));
}
