// The lineage laid out on the server as inline SVG, no script: a column per generation (one more than the
// deepest parent), each node in its own row, ordered under its parent, so that every edge has room for its label.
import { html, type Html } from '../html.ts';
import type { Lineage, LineageEdge, LineageNode } from './lineage-nodes.ts';

/** a node's box, the gap between columns (an edge and its label), a row's height, the margin */
const [BOX_W, BOX_H, GAP, ROW_H, PAD] = [180, 36, 150, 46, 8];
/** an edge label longer than its gap is cut, whole in its tooltip */
const LABEL_CHARS = 24;

interface Placed {
  node: LineageNode;
  x: number;
  y: number;
}

/** Each node's place: its column from its parents' depth, its row after its column's earlier nodes. */
export function layoutLineage(lineage: Lineage): Map<string, Placed> {
  const parentsOf = new Map<string, string[]>();
  for (const e of lineage.edges) parentsOf.set(e.to, [...(parentsOf.get(e.to) ?? []), e.from]);
  const depth = new Map<string, number>();
  // nodes come parents first (the pool in order, then proposals of its candidates), so one pass suffices
  for (const n of lineage.nodes) depth.set(n.key, 1 + Math.max(-1, ...(parentsOf.get(n.key) ?? []).map((p) => depth.get(p) ?? 0)));
  const placed = new Map<string, Placed>();
  const columns = Math.max(0, ...depth.values()) + 1;
  for (let column = 0; column < columns; column += 1) {
    const rowOfParent = (n: LineageNode) => Math.min(...(parentsOf.get(n.key) ?? []).map((p) => placed.get(p)?.y ?? 0), Number.MAX_SAFE_INTEGER);
    const inColumn = lineage.nodes.filter((n) => depth.get(n.key) === column);
    // stable sort: under the same parent, nodes keep their order (pool position, then iteration)
    inColumn.sort((a, b) => rowOfParent(a) - rowOfParent(b));
    inColumn.forEach((node, row) => placed.set(node.key, { node, x: PAD + column * (BOX_W + GAP), y: PAD + row * ROW_H }));
  }
  return placed;
}

export function lineageSvg(lineage: Lineage): Html {
  const placed = layoutLineage(lineage);
  const all = [...placed.values()];
  const width = Math.max(...all.map((p) => p.x), 0) + BOX_W + 2 * PAD;
  const height = Math.max(...all.map((p) => p.y), 0) + BOX_H + 2 * PAD;
  const edges = lineage.edges.map((e) => edgeSvg(e, placed));
  const nodes = all.map(nodeSvg);
  return html`<svg class="lineage" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="candidate lineage">${edges}${nodes}</svg>`;
}

function edgeSvg(edge: LineageEdge, placed: ReadonlyMap<string, Placed>): Html | null {
  const [from, to] = [placed.get(edge.from), placed.get(edge.to)];
  if (from === undefined || to === undefined) return null;
  const [x1, y1, x2, y2] = [from.x + BOX_W, from.y + BOX_H / 2, to.x, to.y + BOX_H / 2];
  const bend = (x2 - x1) / 2;
  const label = edge.tools.length === 0 ? 'no text changed' : edge.tools.join(', ');
  const shown = label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label;
  return html`<g class="edge${edge.refused ? ' refused' : ''}"><title>${label}</title><path d="M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}" fill="none" stroke="#888"${edge.refused ? html` stroke-dasharray="4 3"` : ''}/><text x="${x2 - 6}" y="${y2 - 4}" text-anchor="end" font-size="11">${shown}</text></g>`;
}

function nodeSvg({ node, x, y }: Placed): Html {
  const stroke = node.selected ? 3 : 1;
  const dash = node.refused ? html` stroke-dasharray="5 3"` : '';
  const fill = node.refused ? '#fafafa' : '#eef3fb';
  return html`<a href="${node.href}" class="node${node.refused ? ' refused' : ''}${node.selected ? ' selected' : ''}"><title>${node.detail}</title><rect x="${x}" y="${y}" width="${BOX_W}" height="${BOX_H}" rx="4" fill="${fill}" stroke="#345" stroke-width="${stroke}"${dash}/><text x="${x + 6}" y="${y + 15}" font-size="12">${node.label}</text><text x="${x + 6}" y="${y + 30}" font-size="11" fill="#555">${node.note}</text></a>`;
}
