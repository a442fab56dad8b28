import Table from 'cli-table3';
import { interval, percent, tableStyle } from '../../format.ts';
import { isSimulatedAgentId } from '../../../src/index.ts';
import type { VersionEntry } from './listing.ts';

/** The optimize runs a version won (newest first): named when few, else counted with the latest named (`--json` lists all). */
function bestOfLabel(runs: readonly string[]): string {
  if (runs.length === 0) return '';
  return runs.length <= 2 ? ` ★ best of ${runs.join(', ')}` : ` ★ best of ${runs.length} optimize runs, latest ${runs[0]}`;
}

/** The lineage as an indented table: children under their parent, with who made each and how it measured. */
export function renderVersionListing(entries: readonly VersionEntry[]): string {
  if (entries.length === 0) return 'no description versions yet: `tdo run --suite lab` records the seed versions\n';
  const table = new Table({
    style: tableStyle(),
    head: ['version', 'origin', 'parents', 'tools', 'tokens', 'success [95% CI]', 'first-choice share', 'used server', 'measured in'],
  });
  for (const e of entries) {
    const m = e.measured;
    table.push([
      `${e.depth === 0 ? '' : `${'  '.repeat(e.depth - 1)}└ `}${e.id}`,
      `${e.origin.label}${bestOfLabel(e.bestOf)}`,
      e.parents.join(', ') || '-',
      e.tools,
      e.tokens,
      m === null ? '-' : interval(m.success, 0),
      m?.firstChoiceShare == null ? '-' : percent(m.firstChoiceShare),
      m?.usedServer == null ? '-' : percent(m.usedServer),
      m === null
        ? 'not measured'
        : `${m.by === 'optimize' ? 'optimize run ' : ''}${m.runId} (${m.suite}/${m.split}, ${m.success.n} ${m.by === 'optimize' ? 'tasks' : 'ep'}, ${isSimulatedAgentId(m.agent) ? `${m.agent} agent` : m.agent})`,
    ]);
  }
  return `${table.toString()}\nfirst-choice share: the mean share of the agent's first choices that went to the version's server; used server: the share of episodes that called it at all (both – when the run offered no other server). Rates are from the latest run that used the version, or else, for an optimize run's seed and winner (★), what that run measured.\n`;
}
