// A version's latest measurement as table cells, the same on the versions and contractor pages: success with its
// interval, first-choice share, optionally the used-server share, and the run that measured it, linked.
import { interval, percent } from '../../experiments/index.ts';
import { html, type Html } from '../html.ts';
import type { VersionMeasurement } from '../../experiments/index.ts';

export function measurementCells(m: VersionMeasurement | null, options: { usedServer: boolean }): Html {
  const share = (x: number | null | undefined) => (x == null ? '–' : percent(x));
  const used = options.usedServer ? html`<td>${share(m?.usedServer)}</td>` : '';
  if (m === null) return html`<td>–</td><td>–</td>${used}<td>not measured</td>`;
  // a search measured its seed and winner itself: its page, not its run's episode list
  const href = m.by === 'optimize' ? `/searches/${encodeURIComponent(m.runId)}` : `/runs/${encodeURIComponent(m.runId)}`;
  return html`<td>${interval(m.success, 0)}</td><td>${share(m.firstChoiceShare)}</td>${used}<td><a href="${href}">${m.runId}</a> (${m.suite}/${m.split}, ${m.success.n} ${m.by === 'optimize' ? 'tasks' : 'episodes'})</td>`;
}
