import { performance } from 'node:perf_hooks';
import { HOST_STEP_MODEL_PREFIX, type ModelStepInput } from '../../traces/index.ts';
import type { Catalogue, CatalogueTool, ToolInvoker } from '../catalogue/catalogue-types.ts';
import { liveToolCall, type LiveToolCall } from './tool-call.ts';
import { toolIndex, type SearchHit } from '../catalogue/tool-search/search.ts';
import { SEARCH_MODES, type SearchingMode } from '../catalogue/tool-search/search-modes.ts';
import { searchToolDefinition, type SearchToolDefinition } from '../catalogue/tool-search/search-tool.ts';

/** The model name of a search step: the host's own step, recorded as a model step the way a rating is (optimizer/adapter/facts.ts). */
export const TOOL_SEARCH_STEP_MODEL = `${HOST_STEP_MODEL_PREFIX}tool_search`;

/** What a search step records: the query, every result with its rank and score, and which of them it newly loaded. */
export interface SearchStepInput {
  mode: SearchingMode;
  k: number;
  query: string;
}
export type SearchStepOutput = { results: SearchHit[]; loaded: string[] } | { error: string };

/** One search as the agent gets it back: the text a model reads, and the hits (none for a refused pattern). */
export interface SearchOutcome {
  text: string;
  hits: SearchHit[];
  error?: string;
}

/** One episode's deferred loading: the search tool, the tools its searches loaded so far, and calls only to those. */
export interface DeferredTools {
  readonly mode: SearchingMode;
  readonly tool: SearchToolDefinition;
  search(query: string): SearchOutcome;
  /** The tools loaded so far, in the order they were found: the same array until a search loads another. */
  loaded(): readonly CatalogueTool[];
  /** The best (lowest) rank any search of the episode gave each tool it returned, by catalogue name. */
  bestRanks(): ReadonlyMap<string, number>;
}

/**
 * Starts an episode with no tool loaded. Each search is recorded through `record` as it completes; its
 * results are loaded, and stay loaded for the rest of the episode.
 */
export function deferredTools(catalogue: Catalogue, settings: { mode: SearchingMode; k: number }, record: (step: ModelStepInput) => void): DeferredTools {
  const { mode, k } = settings;
  const index = toolIndex(catalogue, mode);
  const tool = searchToolDefinition(catalogue, mode, k);
  let loaded: readonly CatalogueTool[] = [];
  const bestRanks = new Map<string, number>();
  return {
    mode,
    tool,
    loaded: () => loaded,
    bestRanks: () => bestRanks,
    search(query) {
      const started = performance.now();
      const answer = index(query, k);
      const input: SearchStepInput = { mode, k, query };
      if ('error' in answer) {
        const output: SearchStepOutput = { error: answer.error };
        record({ model: TOOL_SEARCH_STEP_MODEL, input, output, latencyMs: performance.now() - started });
        return { text: `Error: ${answer.error}. Search again with a valid pattern.`, hits: [], error: answer.error };
      }
      const known = new Set(loaded.map((t) => t.name));
      const added = answer.hits.filter((hit) => !known.has(hit.name)).map((hit) => catalogue.tools.find((t) => t.name === hit.name)!);
      if (added.length > 0) loaded = [...loaded, ...added];
      for (const hit of answer.hits) bestRanks.set(hit.name, Math.min(hit.rank, bestRanks.get(hit.name) ?? hit.rank));
      const output: SearchStepOutput = { results: answer.hits, loaded: added.map((t) => t.name) };
      record({ model: TOOL_SEARCH_STEP_MODEL, input, output, latencyMs: performance.now() - started });
      return { text: resultText(query, answer.hits, mode), hits: answer.hits };
    },
  };
}

function resultText(query: string, hits: readonly SearchHit[], mode: SearchingMode): string {
  if (hits.length === 0) return `No tool matched ${JSON.stringify(query)}. Search again with ${SEARCH_MODES[mode].retryWith}.`;
  return `Found ${hits.length} tool${hits.length === 1 ? '' : 's'} for ${JSON.stringify(query)}, best first; you can call them now: ${hits.map((h) => h.name).join(', ')}.`;
}

/**
 * The agent's calls, let through only to loaded tools: a call to any other name is answered as an unknown
 * tool and recorded as an errored call to no server, as the host records a name no server has
 * (src/host/host.ts), so a tool the searches never loaded is never reached.
 */
export function loadedOnly(deferred: DeferredTools, invoker: ToolInvoker, onCall: (call: LiveToolCall) => void): ToolInvoker {
  return {
    async call(toolName, args) {
      if (deferred.loaded().some((t) => t.name === toolName)) return invoker.call(toolName, args);
      const names = deferred.loaded().map((t) => t.name);
      const outcome = {
        text: `Unknown tool "${toolName}": it is not loaded. ${names.length === 0 ? 'No tool is loaded yet' : `Loaded tools: ${names.join(', ')}`}; search with ${deferred.tool.name} to load others.`,
        isError: true,
      };
      onCall(liveToolCall(undefined, toolName, args, outcome, 0));
      return outcome;
    },
  };
}
