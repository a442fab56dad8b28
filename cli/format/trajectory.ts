import Table from 'cli-table3';
import { modelStepText, outcome, preview, tableStyle, toolOf } from '../../experiments/index.ts';
import type { EpisodeSummary, StepRow, Trajectory } from '../../traces/index.ts';
import { terminalSafe } from '../../src/index.ts';

/** The episodes as a table; when the list reached `limit`, a last line says there may be more and how to see them. */
export function renderEpisodeList(episodes: EpisodeSummary[], limit?: number): string {
  if (episodes.length === 0) return 'no episodes\n';
  const more =
    limit !== undefined && episodes.length >= limit
      ? `showing the ${limit} newest; --limit N shows more, --run ID one run, --failed the judged failures, --errored the outages\n`
      : '';
  const table = new Table({
    style: tableStyle(),
    head: ['episode', 'run', 'task', 'split', 'rep', 'result', 'tool calls', 'feedback'],
    colWidths: [null, null, null, null, null, null, null, 60],
    wordWrap: true,
  });
  for (const e of episodes) {
    // made safe before the table measures the cells
    table.push(
      [e.id, e.runId, e.taskId, e.split, e.repeatIndex, outcome(e.status, e.success), e.toolCalls, e.feedback ?? ''].map((c) => terminalSafe(String(c))),
    );
  }
  return `${table.toString()}\n${more}`;
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
  return terminalSafe(lines.join('\n'));
}

function renderStep(step: StepRow): string[] {
  const head = `#${step.seq} ${step.kind.padEnd(5)} ${step.latencyMs.toFixed(1)} ms`;
  if (step.kind === 'tool') {
    const status = step.isError ? 'ERROR' : 'ok';
    return [
      `${head}  ${toolOf(step)}${step.name && step.name !== step.tool ? ` (as ${step.name})` : ''} ${JSON.stringify(step.args)}`,
      ...indent(`-> ${status}: ${preview(step.output)}`),
    ];
  }
  const tokens = step.tokensIn == null ? '' : `  tokens ${step.tokensIn}/${step.tokensOut ?? 0}`;
  return [`${head}  model ${step.model}${step.cached ? ' (cached)' : ''}${tokens}`, ...indent(modelStepText(step))];
}

function indent(text: string): string[] {
  return text.split('\n').map((l) => `      ${l}`);
}
