// A version's latest measurement as table cells, the same on the versions and contractor pages: success with its
// interval, first-choice share, optionally the used-server share, and the run that measured it, linked.
import { interval, percent } from '../../experiments/index.ts';
import { h, type Markup } from '../pages/markup.ts';
import { measurementSuccessOf, type Measurement } from '../pages/record-shapes.ts';

export function measurementCells(m: Measurement | null, options: { usedServer: boolean }): Markup {
  const share = (x: number | null | undefined) => (x == null ? '–' : percent(x));
  const used = options.usedServer ? h`<td>${share(m?.usedServer)}</td>` : '';
  if (m === null) return h`<td>–</td><td>–</td>${used}<td>not measured</td>`;
  // a search measured its seed and winner itself: its page, not its run's episode list
  const href = m.by === 'optimize' ? `/searches/${encodeURIComponent(m.runId)}` : `/runs/${encodeURIComponent(m.runId)}`;
  return h`<td>${interval(measurementSuccessOf(m), 0)}</td><td>${share(m.firstChoiceShare)}</td>${used}<td><a href="${href}">${m.runId}</a> (${m.suite}/${m.split}, ${m.episodes} ${m.by === 'optimize' ? 'tasks' : 'episodes'})</td>`;
}
