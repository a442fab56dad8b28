// What the candidate and proposal panels of the search page both show: a minibatch's scores before and after,
// and a word diff of two description maps drawn by the review's renderer (experiments/review/render-diff.ts).
import { loadVersionViews } from '../../experiments/index.ts';
import type { OptimizerProposalRow } from '../../traces/index.ts';
import { escaped, html, type Html } from '../html.ts';

/** The minibatch the proposal was judged on: the parent's score and the child's per task. */
export function minibatchTable(p: OptimizerProposalRow): Html {
  if (p.scoresBefore === null) return html`<p class="muted">Iteration ${p.iteration}: not judged on a minibatch (${p.reason ?? 'not judged yet'}).</p>`;
  const after = p.scoresAfter;
  const rows = p.minibatch.map(
    (task, i) => html`<tr><td>${task}</td><td>${p.scoresBefore?.[i] ?? '–'}</td><td>${after === null ? 'not run' : (after[i] ?? '–')}</td></tr>`,
  );
  const sum = (xs: readonly number[] | null) => (xs === null ? '–' : xs.reduce((s, v) => s + v, 0));
  return html`<table class="minibatch"><thead><tr><th>minibatch task (iteration ${p.iteration})</th><th>parent</th><th>proposed</th></tr></thead><tbody>${rows}<tr><th>sum</th><th>${sum(p.scoresBefore)}</th><th>${sum(after)}</th></tr></tbody></table>`;
}

export interface DiffSide {
  label: string;
  origin: string;
  descriptions: Record<string, string>;
}

/** The word diff from `a` to `b`, per tool, with the lint flags gained and lost; unmeasured (a search's candidates are measured by the search). */
export async function wordDiff(server: string, a: DiffSide, b: DiffSide): Promise<Html> {
  const { diffSources, diffSectionHtml } = await loadVersionViews();
  const side = (s: DiffSide) => ({ label: s.label, server, origin: s.origin, descriptions: s.descriptions, measured: null });
  return escaped(diffSectionHtml(diffSources(side(a), side(b))));
}

/** The review's styles for a word diff (insertions, deletions, flags), once per page that shows one. */
export async function diffStyle(): Promise<Html> {
  const { DIFF_CSS } = await loadVersionViews();
  return html`<style>${escaped(DIFF_CSS)}</style>`;
}

/** Each tool's text. */
export function descriptionsTable(descriptions: Readonly<Record<string, string>>): Html {
  const rows = Object.entries(descriptions)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tool, text]) => html`<tr><th>${tool}</th><td class="text">${text}</td></tr>`);
  return html`<table class="descriptions"><tbody>${rows}</tbody></table>`;
}
