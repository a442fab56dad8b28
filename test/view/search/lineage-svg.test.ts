// The lineage's layout: every node in its own place, each to the right of its parents, under the first of them.
import { describe, expect, it } from 'vitest';
import type { Lineage, LineageNode } from '../../../view/search/lineage-nodes.ts';
import { layoutLineage, lineageSvg } from '../../../view/search/lineage-svg.ts';

const node = (key: string, refused = false): LineageNode => ({ key, label: key, note: '', detail: `<${key}>`, href: `/x?${key}`, refused, selected: false });

/** A seed with two children, a merge of them, and a refused proposal off each. */
const LINEAGE: Lineage = {
  nodes: [node('c0'), node('c1'), node('c2'), node('c3'), node('p4', true), node('p5', true)],
  edges: [
    { from: 'c0', to: 'c1', tools: ['a'], refused: false },
    { from: 'c0', to: 'c2', tools: ['b'], refused: false },
    { from: 'c1', to: 'c3', tools: ['b'], refused: false },
    { from: 'c2', to: 'c3', tools: ['a'], refused: false },
    { from: 'c0', to: 'p4', tools: [], refused: true },
    { from: 'c3', to: 'p5', tools: ['a', 'b'], refused: true },
  ],
};

describe('layoutLineage', () => {
  const placed = layoutLineage(LINEAGE);

  it('gives every node a place of its own', () => {
    const places = [...placed.values()].map((p) => `${p.x},${p.y}`);
    expect(placed.size).toBe(LINEAGE.nodes.length);
    expect(new Set(places).size).toBe(places.length);
  });

  it('puts each node to the right of every parent', () => {
    for (const e of LINEAGE.edges) expect(placed.get(e.to)!.x, `${e.from} -> ${e.to}`).toBeGreaterThan(placed.get(e.from)!.x);
  });

  it("orders a column by the rows of the nodes' parents", () => {
    expect(placed.get('c1')!.y).toBeLessThan(placed.get('c2')!.y);
    expect(placed.get('p4')!.x).toBe(placed.get('c1')!.x);
  });
});

describe('lineageSvg', () => {
  it('dashes the proposals that did not join the pool, labels edges, and escapes what it writes', () => {
    const svg = lineageSvg(LINEAGE).toString();
    expect(svg.match(/class="node refused"/g)).toHaveLength(2);
    expect(svg).toContain('<title>a, b</title>');
    expect(svg).toContain('no text changed');
    expect(svg).toContain('&lt;c0&gt;');
    expect(svg).not.toContain('<c0>');
  });
});
