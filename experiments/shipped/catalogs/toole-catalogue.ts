/**
 * The ToolE development split (test/fixtures/tool-selection-paraphrase, its README: Huang et al., ICLR 2024, MIT) as
 * one catalogue server and its queries as selection-only tasks: the data of the paraphrase large-catalogue suite
 * (experiments/shipped/suites/large-catalogue-paraphrase.yaml), written by build-large-catalogue.ts. The queries are real
 * user requests, often worded unlike the one-sentence descriptions, none of it written by this project.
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { jsonLines, SPLITS, type CatalogueSplit } from './bfcl-catalogue.ts';

const toolsSchema = z.record(z.string().min(1), z.string().min(1));
const querySchema = z.object({ query: z.string().min(1), tool: z.string().min(1) });

/** One ToolE tool as its file gives it: a name and a one-sentence description, no arguments. */
export interface ToolETool {
  name: string;
  description: string;
}

export interface ToolEQuery {
  query: string;
  tool: string;
}

/** The 31 tools in file order and the 4,433 queries, each labelled with its one correct tool. */
export function readToolE(dir: URL): { tools: ToolETool[]; queries: ToolEQuery[] } {
  const descriptions = toolsSchema.parse(JSON.parse(readFileSync(new URL('tools.json', dir), 'utf8')));
  const queries = jsonLines(readFileSync(new URL('queries.jsonl', dir), 'utf8'), querySchema);
  for (const q of queries) if (!(q.tool in descriptions)) throw new Error(`a ToolE query is labelled ${q.tool}, which tools.json does not list`);
  return { tools: Object.entries(descriptions).map(([name, description]) => ({ name, description })), queries };
}

/** A query taken for the suite: its split, and which of its tool's taken queries it is (1 the first). */
export type ToolEQuestion = ToolEQuery & { split: CatalogueSplit; ordinal: number };

/**
 * Each tool's first `rounds * 3` distinct queries in file order, splits going round them (train, val, test, train,
 * ...), so every tool is asked in each split and the proposer, which reads train only, sees what validation and test
 * ask for. Queries come out in file order.
 */
export function toolEQuestions(dir: URL, rounds: number): { tools: ToolETool[]; questions: ToolEQuestion[] } {
  const { tools, queries } = readToolE(dir);
  const asked = new Set<string>();
  const taken = new Map<string, number>();
  const questions: ToolEQuestion[] = [];
  for (const q of queries) {
    const own = taken.get(q.tool) ?? 0;
    if (asked.has(q.query) || own === rounds * SPLITS.length) continue;
    asked.add(q.query);
    taken.set(q.tool, own + 1);
    questions.push({ ...q, split: SPLITS[own % SPLITS.length]!, ordinal: own + 1 });
  }
  return { tools, questions };
}
