/**
 * The BFCL live_multiple functions as one catalogue server, and its questions as selection-only tasks: the data
 * of the large-catalogue suite (experiments/suites/large-catalogue.yaml), written by build-large-catalogue.ts.
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

/**
 * Takes the data's function sets (the middle number of a task id names the set its functions came from) in file
 * order, each with its first English question (the fixtures' filter: no letter outside ASCII) not asked of an earlier
 * set, until `questions` are taken. A function is one tool of the catalogue: a set is skipped when one of its functions has a name
 * already taken by a function defined otherwise, so every question is asked against the text it was labelled with.
 */
export function bfclCatalogue(tasksFile: URL, answersFile: URL, questions: number): BfclCatalogue {
  const answers = new Map(jsonLines(readFileSync(answersFile, 'utf8'), answerSchema).map((a) => [a.id, a.ground_truth[0]!]));
  const tasks = jsonLines(gunzipSync(readFileSync(tasksFile)).toString('utf8'), taskSchema);
  const tools = new Map<string, CatalogueFileTool>();
  const taken: BfclQuestion[] = [];
  const sets = new Set<string>();
  const asked = new Set<string>();
  for (const task of tasks) {
    if (taken.length === questions) break;
    const set = task.id.split('_').at(-1)!.split('-')[1]!;
    const question = task.question
      .flat()
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join('\n');
    if (sets.has(set) || asked.has(question) || /[^\x00-\x7f]/.test(question)) continue;
    const own = task.function.map(catalogueFileTool);
    if (own.some((t) => tools.has(t.name) && JSON.stringify(tools.get(t.name)) !== JSON.stringify(t))) continue;
    const answer = answers.get(task.id);
    if (answer === undefined) throw new Error(`${task.id} has no answer in ${answersFile.pathname}`);
    const [correct, accepted] = Object.entries(answer)[0]!;
    sets.add(set);
    asked.add(question);
    for (const t of own) tools.set(t.name, t);
    taken.push({ id: task.id, question, correct, args: firstAccepted(accepted) });
  }
  return { tools: [...tools.values()], questions: taken };
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

function jsonLines<T>(text: string, schema: z.ZodType<T>): T[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => schema.parse(JSON.parse(line)));
}
