// One finished episode as a Langfuse trace: an `agent` observation with a `generation` per model
// call and a `tool` per tool call under it, all with ids derived from the SQLite ids.
import type { HrTime, SpanContext } from '@opentelemetry/api';
import { LangfuseOtelSpanAttributes as A, startObservation, type LangfuseObservation } from '@langfuse/tracing';
import { runCondition } from '../run-conditions.ts';
import type { RunRow, StepRow, Trajectory } from '../types.ts';
import { agentObservationIdFor, stepObservationIdFor, traceIdFor } from './ids.ts';
import type { ScriptedIdGenerator } from './scripted-ids.ts';
import { TDO_TRACE_FORMAT, toWire, type AgentInput, type AgentOutput, type GenerationMetadata, type ToolMetadata } from './wire.ts';

/** Trace tags: agent, suite, description version per server, and the condition when there is one. */
export function traceTags(run: RunRow): string[] {
  const condition = runCondition(run);
  return [
    `agent:${run.agentId}`,
    `suite:${run.suiteName}`,
    ...Object.entries(run.versionIds).map(([server, id]) => `version:${server}=${id}`),
    ...(condition === undefined ? [] : [`condition:${condition}`]),
  ];
}

/** The trace-level attributes, set on every observation as the SDK's propagateAttributes does. */
function traceAttributes(run: RunRow, trajectory: Trajectory) {
  const { episode } = trajectory;
  return {
    [A.TRACE_NAME]: `${run.suiteName}/${episode.taskId}`,
    [A.TRACE_SESSION_ID]: run.id,
    [A.TRACE_TAGS]: traceTags(run),
    [A.VERSION]: Object.entries(run.versionIds)
      .map(([server, id]) => `${server}=${id}`)
      .join(','),
    [`${A.TRACE_METADATA}.run_id`]: run.id,
    [`${A.TRACE_METADATA}.episode_id`]: episode.id,
    [`${A.TRACE_METADATA}.task_id`]: episode.taskId,
  };
}

/** Epoch milliseconds (with a fraction) as an exact OpenTelemetry time. */
function hrTime(ms: number): HrTime {
  let seconds = Math.floor(ms / 1000);
  let nanos = Math.round((ms - seconds * 1000) * 1e6);
  if (nanos >= 1e9) {
    seconds += 1;
    nanos -= 1e9;
  }
  return [seconds, nanos];
}

function agentInput(run: RunRow, trajectory: Trajectory): AgentInput {
  const { episode } = trajectory;
  const condition = runCondition(run);
  return {
    format: TDO_TRACE_FORMAT,
    run: {
      id: run.id,
      suite: run.suiteName,
      suitePath: run.suitePath,
      agent: run.agentId,
      split: run.split,
      repeats: run.repeats,
      seed: run.seed,
      versionIds: run.versionIds,
      ...(condition === undefined ? {} : { condition }),
    },
    episode: { id: episode.id, task: episode.taskId, split: episode.split, repeat: episode.repeatIndex, seed: episode.seed },
  };
}

function agentOutput(trajectory: Trajectory): AgentOutput {
  const { episode } = trajectory;
  return {
    status: episode.status === 'error' ? 'error' : 'completed',
    answer: episode.answer,
    success: episode.success ?? false,
    feedback: episode.feedback ?? '',
    stop: episode.stopReason ?? '',
    note: episode.note,
  };
}

function startStep(step: StepRow, parent: SpanContext): LangfuseObservation {
  const startTime = new Date(step.startedAt);
  if (step.kind === 'model') {
    const metadata: GenerationMetadata = { seq: step.seq, latencyMs: step.latencyMs, cached: step.cached ?? false };
    const usage = {
      ...(step.tokensIn === null ? {} : { input: step.tokensIn }),
      ...(step.tokensOut === null ? {} : { output: step.tokensOut }),
    };
    return startObservation(
      step.model ?? 'model',
      {
        model: step.model ?? undefined,
        input: toWire(step.input),
        output: toWire(step.output),
        ...(Object.keys(usage).length === 0 ? {} : { usageDetails: usage }),
        metadata,
      },
      { asType: 'generation', startTime, parentSpanContext: parent },
    );
  }
  const metadata: ToolMetadata = {
    seq: step.seq,
    latencyMs: step.latencyMs,
    server: step.server,
    tool: step.tool,
    catalogueName: step.name,
    isError: step.isError,
  };
  return startObservation(
    `${step.server}/${step.tool}`,
    {
      input: toWire(step.args),
      output: step.output,
      level: step.isError ? 'ERROR' : 'DEFAULT',
      ...(step.isError ? { statusMessage: 'the tool returned isError: true' } : {}),
      metadata,
    },
    { asType: 'tool', startTime, parentSpanContext: parent },
  );
}

/**
 * Starts and ends the spans of one finished episode on the Langfuse tracer provider in use; returns how
 * many. Times come from SQLite, so sending the same episode again produces identical spans.
 */
export function emitEpisodeTrace(ids: ScriptedIdGenerator, run: RunRow, trajectory: Trajectory): number {
  const { episode, steps } = trajectory;
  const traceId = traceIdFor(episode.id);
  const shared = traceAttributes(run, trajectory);
  const startMs = Date.parse(episode.startedAt);
  const stepEnds = steps.map((s) => Date.parse(s.startedAt) + s.latencyMs);
  const endMs = episode.finishedAt === null ? Math.max(startMs, ...stepEnds) : Date.parse(episode.finishedAt);

  const output = agentOutput(trajectory);
  const agent = ids.withIds({ traceId, spanId: agentObservationIdFor(episode.id) }, () =>
    startObservation(
      `agent ${run.agentId}`,
      { input: agentInput(run, trajectory), output, level: output.status === 'error' ? 'ERROR' : 'DEFAULT' },
      { asType: 'agent', startTime: new Date(startMs) },
    ),
  );
  agent.otelSpan.setAttributes(shared);
  const parent = agent.otelSpan.spanContext();
  for (const [i, step] of steps.entries()) {
    const observation = ids.withIds({ spanId: stepObservationIdFor(episode.id, step.seq) }, () => startStep(step, parent));
    observation.otelSpan.setAttributes(shared);
    observation.end(hrTime(stepEnds[i]!));
  }
  agent.end(hrTime(endMs));
  return 1 + steps.length;
}
