// What a recorded step says, as text: a model step's decision (the sim's candidates and scores, a tool search's
// results, an LLM's answer), a tool call's target, an episode's outcome. `tdo traces show` (cli/format/trajectory.ts)
// and `tdo view`'s episode page (view/pages/episode.ts) print the same words from here.
import { TOOL_SEARCH_STEP_MODEL } from '../src/index.ts';
import type { ModelStep, ToolStep } from '../traces/index.ts';

const RESULT_PREVIEW = 300;

/** What a model step decided, one line a fact: the sim's choice and scores, a tool search, or an LLM's answer. */
export function modelStepText(step: Pick<ModelStep, 'model' | 'input' | 'output'>): string {
  if (step.model === 'sim') return simDecision(step.input, step.output);
  if (step.model === TOOL_SEARCH_STEP_MODEL) return toolSearch(step.input, step.output);
  return modelMessage(step.output);
}

type SearchView = { results?: Array<{ rank: number; name: string; score: number }>; loaded?: string[]; error?: string };

/** A deferred-loading search (src/host/tool-search-session.ts): the query, each result by rank, and what it newly loaded. */
function toolSearch(input: unknown, output: unknown): string {
  const { mode, k, query } = (input ?? {}) as { mode?: string; k?: number; query?: string };
  const o = (output ?? {}) as SearchView;
  const head = `search ${mode ?? '?'} (top ${k ?? '?'}) ${JSON.stringify(query ?? '')}`;
  if (typeof o.error === 'string') return `${head}\n-> refused: ${preview(o.error)}`;
  const results = (o.results ?? []).map((r) => `${r.rank}. ${r.name} ${r.score.toFixed(2)}`);
  return [head, ...(results.length === 0 ? ['-> no tool matched'] : results), ...(o.loaded?.length ? [`loaded ${o.loaded.join(', ')}`] : [])].join('\n');
}

type AssistantView = { content?: string | null; tool_calls?: Array<{ function?: { name?: string; arguments?: string } }> };

/** An LLM's answer as what explains its choice: its own words first, then the calls it made. */
function modelMessage(output: unknown): string {
  const m = output as AssistantView;
  if (m === null || typeof m !== 'object' || !Array.isArray(m.tool_calls)) return preview(JSON.stringify(output));
  const says = typeof m.content === 'string' && m.content.trim() !== '' ? [`says: ${preview(m.content.trim())}`] : [];
  const calls = m.tool_calls.map((c) => `calls ${c.function?.name ?? '?'} ${preview(c.function?.arguments ?? '')}`);
  return [...says, ...calls].join('\n') || '(no text, no call)';
}

/** `server/tool`; a call to a name no server has was routed nowhere and recorded without a server. */
export function toolOf(step: ToolStep): string {
  return step.server ? `${step.server}/${step.tool}` : `${step.tool} (no such tool)`;
}

type CandidateView = { name: string; score: number; parts?: Record<string, number> };
type LabelledView = { label: string; name: string | null; rank: number | null; score: number | null; parts: Record<string, number> | null };
type SimDecisionView = { chosen?: string; scores?: CandidateView[]; labelled?: LabelledView[]; unfound?: string[]; fallback?: { after?: string } };

/**
 * A sim decision: the step's intent (what explains the choice), what it chose, the parts each top candidate's
 * score is made of, and where the step's labelled tool ranked (recorded since labelled.ts; older records lack it).
 */
function simDecision(input: unknown, output: unknown): string {
  const d = output as SimDecisionView;
  if (typeof d?.chosen !== 'string') return preview(JSON.stringify(output));
  const { intent, candidates } = (input ?? {}) as { intent?: unknown; candidates?: unknown };
  const of = Array.isArray(candidates) ? candidates.length : undefined;
  const lines = (d.scores ?? []).map((s) => `${s.name === d.chosen ? '*' : ' '} ${s.name} ${scored(s.score, s.parts)}`);
  return [
    ...(typeof intent === 'string' ? [`intent "${intent}"`] : []),
    `chose ${d.chosen}${d.fallback?.after ? ` after ${d.fallback.after} failed` : ''}`,
    ...lines,
    ...(d.labelled ?? []).map((l) => (d.unfound?.includes(l.label) ? `labelled ${l.label}: never found by a tool search` : labelledLine(l, d.chosen!, of))),
  ].join('\n');
}

function labelledLine(l: LabelledView, chosen: string, of: number | undefined): string {
  if (l.name === null || l.rank === null || l.score === null) return `labelled ${l.label}: not among the${of === undefined ? '' : ` ${of}`} candidates`;
  const as = l.name === l.label ? l.name : `${l.label} (as ${l.name})`;
  return `labelled ${as}: rank ${l.rank}${of === undefined ? '' : ` of ${of}`}${l.name === chosen ? ', chosen' : ''}, ${scored(l.score, l.parts ?? undefined)}`;
}

/** A score and the parts it sums. */
function scored(score: number, parts: Record<string, number> | undefined): string {
  const terms = Object.entries(parts ?? {})
    .map(([k, v]) => `${k} ${v.toFixed(2)}`)
    .join(', ');
  return `${score.toFixed(2)} (${terms})`;
}

export function outcome(status: string, success: boolean | null): string {
  if (status === 'running') return 'running';
  if (status === 'error') return 'error';
  if (success === null) return 'recorded';
  return success ? 'success' : 'failed';
}

export function preview(text: string): string {
  return text.length > RESULT_PREVIEW ? `${text.slice(0, RESULT_PREVIEW)}... (${text.length} chars)` : text;
}
