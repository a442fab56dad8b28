// An episode's page (`/episodes/:episodeId`): the catalogue as the agent saw it, then every step in order, as
// `tdo traces show` words it (experiments/trajectory-text.ts), with the checker's verdict, tokens and cost.
import { modelStepText, preview, toolOf } from '../../experiments/index.ts';
import { formatCost, isSimulatedAgentId } from '../../src/index.ts';
import type { EpisodeRow, ModelStep, RunRow, StepRow, ToolStep, TraceStore, Trajectory } from '../../traces/index.ts';
import { agentCell, outcomeCell, when } from '../cells.ts';
import { notFound } from '../errors.ts';
import { html, type Html } from '../html.ts';
import type { ViewPage } from '../page.ts';

/** Arguments are shown up to this many characters: a page stays bounded whatever a model sent. */
const ARGS_CHARS = 2000;

export const episodePage: ViewPage = {
  path: '/episodes/:episodeId',
  render({ store, params }) {
    const trajectory = store.getTrajectory(params.episodeId!);
    if (trajectory === undefined) throw notFound(`no episode "${params.episodeId}" in ${store.path}`);
    const run = store.getRun(trajectory.episode.runId)!;
    const body = html`${episodeHeader(run, trajectory)}${catalogue(store, run, trajectory.episode)}
      <h2>Steps</h2>
      <ol class="steps">
        ${trajectory.steps.map(stepItem)}
      </ol>
      ${verdict(trajectory)}`;
    return { title: `Episode ${trajectory.episode.taskId}`, html: String(body), live: trajectory.episode.status === 'running' };
  },
};

function episodeHeader(run: RunRow, { episode, steps }: Trajectory) {
  const models = steps.filter((s): s is ModelStep => s.kind === 'model');
  const tokens = models.reduce((s, m) => s + (m.tokensIn ?? 0) + (m.tokensOut ?? 0), 0);
  const cost = models.some((m) => m.cost === null && m.tokensIn !== null) ? null : models.reduce((s, m) => s + (m.cost ?? 0), 0);
  return html`<h1>Episode ${episode.taskId} <small>${episode.id}</small></h1>
    <dl class="facts">
      <dt>run</dt>
      <dd><a href="/runs/${encodeURIComponent(run.id)}">${run.id}</a></dd>
      <dt>agent</dt>
      <dd>${agentCell(run.agentId)}</dd>
      <dt>split</dt>
      <dd>${episode.split}</dd>
      <dt>repeat</dt>
      <dd>${episode.repeatIndex}</dd>
      <dt>result</dt>
      <dd>${outcomeCell(episode.status, episode.success)}</dd>
      <dt>stop</dt>
      <dd>${episode.stopReason ?? '–'}</dd>
      <dt>started</dt>
      <dd>${when(episode.startedAt)}</dd>
      <dt>model calls</dt>
      <dd>
        ${
          isSimulatedAgentId(run.agentId)
            ? `${models.length} simulated decisions: no model was called`
            : `${models.length}, ${tokens.toLocaleString('en-US')} tokens, ${formatCost(cost)}`
        }
      </dd>
    </dl>`;
}

/**
 * Each server's descriptions as the agent's list showed them, numbered: the version the run served, or for a search's
 * episode, on the searched server, the candidate its evaluation measured.
 */
function catalogue(store: TraceStore, run: RunRow, episode: EpisodeRow) {
  const candidate = episode.evaluation === null ? undefined : store.evaluationCatalogue(run.id, episode.evaluation);
  const searched = episode.evaluation === null ? undefined : (candidate?.server ?? store.getOptimizerRun(run.id)?.server);
  const servers = Object.entries(run.versionIds).map(([server, versionId]) => {
    if (server !== searched) return serverTools(server, html`version ${versionId}`, store.getVersion(versionId)?.descriptions);
    const label = html`the candidate of evaluation ${episode.evaluation}`;
    return candidate === undefined
      ? html`<h3>${server} <small>${label}</small></h3>
          <p class="empty">the search kept no candidate of these descriptions</p>`
      : serverTools(server, label, candidate.descriptions);
  });
  return html`<h2>Catalogue</h2>
    ${servers}`;
}

function serverTools(server: string, label: Html, descriptions: Record<string, string> | undefined) {
  const tools = Object.entries(descriptions ?? {}).map(
    ([tool, description]) => html`<li><code>${tool}</code> <span class="description">${description}</span></li>`,
  );
  return html`<h3>${server} <small>${label}</small></h3>
    <ol class="catalogue">
      ${tools}
    </ol>`;
}

function stepItem(step: StepRow) {
  const head = html`<span class="seq">#${step.seq}</span> <span class="kind">${step.kind}</span> <span class="ms">${step.latencyMs.toFixed(1)} ms</span>`;
  return step.kind === 'tool' ? toolItem(step, head) : modelItem(step, head);
}

function toolItem(step: ToolStep, head: ReturnType<typeof html>) {
  const args = JSON.stringify(step.args) ?? 'null';
  return html`<li class="tool ${step.isError ? 'error' : 'ok'}">
    ${head} <strong>${toolOf(step)}</strong>${step.name && step.name !== step.tool ? html` (as ${step.name})` : ''}
    <pre class="args">${args.length > ARGS_CHARS ? `${args.slice(0, ARGS_CHARS)}... (${args.length} chars)` : args}</pre>
    <pre class="result">→ ${step.isError ? 'ERROR' : 'ok'}: ${preview(step.output)}</pre>
  </li>`;
}

function modelItem(step: ModelStep, head: ReturnType<typeof html>) {
  const tokens = step.tokensIn === null ? '' : ` · tokens ${step.tokensIn}/${step.tokensOut ?? 0}`;
  const cost = step.cost === null ? '' : ` · ${formatCost(step.cost)}`;
  return html`<li class="model">
    ${head} model <strong>${step.model ?? '?'}</strong>${step.cached ? ' (cached)' : ''}${tokens}${cost}
    <pre class="decision">${modelStepText(step)}</pre>
  </li>`;
}

function verdict({ episode, scores }: Trajectory) {
  return html`<h2>Verdict</h2>
    <dl class="facts">
      <dt>answer</dt>
      <dd><pre>${preview(episode.answer ?? '(none)')}</pre></dd>
      <dt>feedback</dt>
      <dd>${episode.feedback ?? ''}</dd>
      ${
        episode.note
          ? html`<dt>note</dt>
              <dd>${episode.note}</dd>`
          : ''
      }
      <dt>scores</dt>
      <dd>${scores.map((s) => `${s.name}=${Number(s.value.toFixed(3))}`).join('  ')}</dd>
    </dl>`;
}
