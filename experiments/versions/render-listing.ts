import Table from 'cli-table3';
import { tableStyle } from '../format.ts';
import type { VersionEntry } from './listing.ts';

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The lineage as an indented table: children under their parent, with who made each and how it measured. */
export function renderVersionListing(entries: readonly VersionEntry[]): string {
  if (entries.length === 0) return 'no description versions yet: `tdo run --suite lab` records the seed versions\n';
  const table = new Table({ style: tableStyle(), head: ['version', 'origin', 'parents', 'tools', 'tokens', 'success', 'selection', 'measured in'] });
  for (const e of entries) {
    const m = e.measured;
    table.push([
      `${e.depth === 0 ? '' : `${'  '.repeat(e.depth - 1)}└ `}${e.id}`,
      `${e.origin.label}${e.bestOf.length === 0 ? '' : ` ★ best of ${e.bestOf.join(', ')}`}`,
      e.parents.join(', ') || '-',
      e.tools,
      e.tokens,
      m === null ? '-' : percent(m.successRate),
      m?.selectionRate == null ? '-' : percent(m.selectionRate),
      m === null ? 'not measured' : `${m.by === 'optimize' ? 'optimize run ' : ''}${m.runId} (${m.suite}/${m.split}, ${m.episodes} ${m.by === 'optimize' ? 'tasks' : 'ep'}, ${m.agent === 'sim' ? 'sim agent' : m.agent})`,
    ]);
  }
  return `${table.toString()}\nselection: share of episodes that called the version's server. Rates are from the latest run that used the version, or else, for an optimize run's seed and winner (★), the success that run measured.\n`;
}
