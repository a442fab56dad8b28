import Table from 'cli-table3';
import type { EpisodeSummary, StepRow, Trajectory } from '../../../traces/index.ts';

const RESULT_PREVIEW = 300;

export function renderEpisodeList(episodes: EpisodeSummary[]): string {
  if (episodes.length === 0) return 'no episodes\n';
  const table = new Table({ head: ['episode', 'run', 'task', 'split', 'rep', 'result', 'tool calls', 'feedback'], colWidths: [null, null, null, null, null, null, null, 60], wordWrap: true });
  for (const e of episodes) {
    table.push([e.id, e.runId, e.taskId, e.split, e.repeatIndex, outcome(e.status, e.success), e.toolCalls, e.feedback ?? '']);
  }
  return `${table.toString()}\n`;
}

export function renderTrajectory({ episode, steps, scores }: Trajectory): string {
  const lines = [
    `episode ${episode.id}  run ${episode.runId}  task ${episode.taskId} (${episode.split}, repeat ${episode.repeatIndex})`,
    `result ${outcome(episode.status, episode.success)}  stop ${episode.stopReason ?? '-'}`,
    '',
    ...steps.flatMap(renderStep),
    '',
    `answer   ${episode.answer ?? '(none)'}`,
    `feedback ${episode.feedback ?? ''}`,
    `scores   ${scores.map((s) => `${s.name}=${Number(s.value.toFixed(3))}`).join('  ')}`,
    '',
  ];
  return lines.join('\n');
}

function renderStep(step: StepRow): string[] {
  const head = `#${step.seq} ${step.kind.padEnd(5)} ${step.latencyMs.toFixed(1)} ms`;
  if (step.kind === 'tool') {
    const status = step.isError ? 'ERROR' : 'ok';
    return [
      `${head}  ${toolOf(step)}${step.catalogueName && step.catalogueName !== step.tool ? ` (as ${step.catalogueName})` : ''} ${JSON.stringify(step.arguments)}`,
      ...indent(`-> ${status}: ${preview(step.resultText ?? '')}`),
    ];
  }
  const tokens = step.tokensIn == null ? '' : `  tokens ${step.tokensIn}/${step.tokensOut ?? 0}`;
  return [`${head}  model ${step.model}${step.cached ? ' (cached)' : ''}${tokens}`, ...indent(step.model === 'sim' ? simDecision(step.output) : preview(JSON.stringify(step.output)))];
}

/** `server/tool`; a call to a name no server has was routed nowhere and recorded without a server. */
function toolOf(step: StepRow): string {
  return step.server ? `${step.server}/${step.tool}` : `${step.tool} (no such tool)`;
}

type SimDecisionView = { chosen?: string; scores?: Array<{ name: string; score: number; parts?: Record<string, number> }>; fallback?: { after?: string } };

/** A sim decision as one line per candidate: what it chose and the parts each score is made of. */
function simDecision(output: unknown): string {
  const d = output as SimDecisionView;
  if (typeof d?.chosen !== 'string' || !Array.isArray(d.scores)) return preview(JSON.stringify(output));
  const lines = d.scores.map((s) => {
    const parts = Object.entries(s.parts ?? {}).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
    return `${s.name === d.chosen ? '*' : ' '} ${s.name} ${s.score.toFixed(2)} (${parts})`;
  });
  return [`chose ${d.chosen}${d.fallback?.after ? ` after ${d.fallback.after} failed` : ''}`, ...lines].join('\n');
}

function outcome(status: string, success: boolean | null): string {
  if (status === 'running') return 'running';
  if (status === 'error') return 'error';
  if (success === null) return 'recorded';
  return success ? 'success' : 'failed';
}

function preview(text: string): string {
  return text.length > RESULT_PREVIEW ? `${text.slice(0, RESULT_PREVIEW)}... (${text.length} chars)` : text;
}

function indent(text: string): string[] {
  return text.split('\n').map((l) => `      ${l}`);
}
