// The two views of a run: its episodes, and its tools (calls, errors, the confusion matrix).
import { html } from '../html.ts';

export function runTabs(runId: string, current: 'episodes' | 'tools') {
  const base = `/runs/${encodeURIComponent(runId)}`;
  const tab = (name: 'episodes' | 'tools', href: string) => (name === current ? html`<strong>${name}</strong>` : html`<a href="${href}">${name}</a>`);
  return html`<nav class="tabs">${tab('episodes', base)} · ${tab('tools', `${base}/tools`)}</nav>`;
}
