// The search's lineage as a graph: every candidate of the pool, and every proposal that did not join it
// (refused by the honesty gate, or no better on its minibatch), each edge naming the tools it changed.
import type { OptimizerProposalRow } from '../../traces/index.ts';
import { changedTools, proposedDescriptions, type SearchRecord } from './search-record.ts';

export interface LineageNode {
  /** `c3` for candidate 3, `p12` for the proposal of iteration 12 that did not join the pool */
  key: string;
  /** the first line of the node's box */
  label: string;
  /** the second: its val score, or why it was not accepted */
  note: string;
  /** the tooltip: the proposer's reason and the verdict in full */
  detail: string;
  /** the page's own URL selecting it */
  href: string;
  /** a proposal that did not join the pool: drawn dashed */
  refused: boolean;
  selected: boolean;
}

export interface LineageEdge {
  from: string;
  to: string;
  /** the tools whose text differs between the two ends */
  tools: string[];
  refused: boolean;
}

export interface Lineage {
  nodes: LineageNode[];
  edges: LineageEdge[];
}

export interface Selection {
  candidate?: number | undefined;
  iteration?: number | undefined;
}

export function lineageOf(record: SearchRecord, selection: Selection): Lineage {
  const base = `/searches/${encodeURIComponent(record.run.id)}`;
  const nodes: LineageNode[] = [];
  const edges: LineageEdge[] = [];
  const madeBy = new Map(record.proposals.flatMap((p) => (p.child === null ? [] : [[p.child, p] as const])));
  for (const c of record.candidates) {
    const proposal = madeBy.get(c.candidate);
    nodes.push({
      key: `c${c.candidate}`,
      label: c.candidate === 0 ? 'seed (candidate 0)' : `candidate ${c.candidate} (${c.origin})`,
      note: `val ${c.valMean.toFixed(3)} · ${c.budgetUsed} calls`,
      detail: proposal === undefined ? `${c.origin}, iteration ${c.iteration}` : proposalDetail(record, proposal),
      href: `${base}?candidate=${c.candidate}`,
      refused: false,
      selected: selection.candidate === c.candidate,
    });
    for (const parent of c.parents) {
      const from = record.candidates.find((p) => p.candidate === parent);
      edges.push({
        from: `c${parent}`,
        to: `c${c.candidate}`,
        tools: from === undefined ? [] : changedTools(from.descriptions, c.descriptions),
        refused: false,
      });
    }
  }
  for (const p of record.proposals.filter((row) => row.child === null)) {
    const proposed = proposedDescriptions(record, p);
    nodes.push({
      key: `p${p.iteration}`,
      label: `iteration ${p.iteration} (${p.kind})`,
      note: verdictNote(p),
      detail: proposalDetail(record, p),
      href: `${base}?iteration=${p.iteration}`,
      refused: true,
      selected: selection.iteration === p.iteration,
    });
    for (const parent of p.parents) {
      const from = record.candidates.find((c) => c.candidate === parent);
      edges.push({ from: `c${parent}`, to: `p${p.iteration}`, tools: from === undefined ? [] : changedTools(from.descriptions, proposed), refused: true });
    }
  }
  return { nodes, edges };
}

/** The short verdict of a proposal that did not join the pool. */
function verdictNote(p: OptimizerProposalRow): string {
  if (p.accepted === null) return 'not judged yet';
  const rules = [...new Set((p.gateRefusals ?? []).map((r) => r.rule))];
  if (rules.length > 0) return `gate: ${rules.join(', ')}`;
  return p.accepted ? 'accepted, not validated' : 'not better';
}

/** What the proposer said of each tool and what the search decided, in full. */
export function proposalDetail(record: SearchRecord, p: OptimizerProposalRow): string {
  const said = Object.entries(record.proposalsOf(p) ?? {}).map(([tool, answer]) => `${tool}: ${answer.ok ? 'proposed a new text' : answer.reason}`);
  const gate = (p.gateRefusals ?? []).map((r) => `gate refused ${r.component}: ${r.rule}`);
  const verdict = p.reason === null ? 'not judged yet' : `${p.accepted === true ? 'accepted' : 'not accepted'}: ${p.reason}`;
  return [`iteration ${p.iteration}, ${p.kind} of ${p.parents.map((n) => `candidate ${n}`).join(' and ')}`, ...said, ...gate, verdict].join('\n');
}
