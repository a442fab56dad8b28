// One finished episode as a Langfuse trace: an `agent` observation with a `generation` per model
// call and a `tool` per tool call under it, all with ids derived from the SQLite ids.
import type { HrTime, SpanContext } from '@opentelemetry/api';
import { LangfuseOtelSpanAttributes as A, startObservation, type LangfuseObservation } from '@langfuse/tracing';
import { runCondition } from '../run-conditions.ts';
import type { RunRow } from '../types.ts';
import { agentObservationIdFor, stepObservationIdFor, traceIdFor } from './ids.ts';
import type { ScriptedIdGenerator } from './scripted-ids.ts';
import type { StoredEpisode, StoredEpisodeRow, StoredStep } from './stored-episodes.ts';
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

/** What a trace takes from its run, worked out once per run: the settings are parsed to find the condition. */
interface RunParts {
  tags: string[];
  version: string;
  input: AgentInput['run'];
}

const runParts = new WeakMap<RunRow, RunParts>();

function partsOf(run: RunRow): RunParts {
  let parts = runParts.get(run);
  if (!parts) {
    const condition = runCondition(run);
    parts = {
      tags: traceTags(run),
      version: Object.entries(run.versionIds)
        .map(([server, id]) => `${server}=${id}`)
        .join(','),
      input: {
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
    };
    runParts.set(run, parts);
  }
  return parts;
}

/** The trace-level attributes, set on every observation as the SDK's propagateAttributes does. */
function traceAttributes(run: RunRow, parts: RunParts, episode: StoredEpisodeRow) {
  return {
    [A.TRACE_NAME]: `${run.suiteName}/${episode.taskId}`,
    [A.TRACE_SESSION_ID]: run.id,
    [A.TRACE_TAGS]: parts.tags,
    [A.VERSION]: parts.version,
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

function agentInput(parts: RunParts, episode: StoredEpisodeRow): AgentInput {
  return {
    format: TDO_TRACE_FORMAT,
    run: parts.input,
    episode: { id: episode.id, task: episode.taskId, split: episode.split, repeat: episode.repeatIndex, seed: episode.seed },
  };
}

function agentOutput(episode: StoredEpisodeRow): AgentOutput {
  return {
    status: episode.status === 'error' ? 'error' : 'completed',
    answer: episode.answer,
    success: episode.success ?? false,
    feedback: episode.feedback ?? '',
    stop: episode.stopReason ?? '',
    note: episode.note,
  };
}

/**
 * A step's observation. JSON columns go out as the text SQLite holds, which is what toWire makes of the
 * value read back (stored text is JSON.stringify output; a NULL column reads back as null, sent as "null").
 * Defaults as traces/reading.ts reads a step: a tool step's name is its catalogue name, else its tool.
 */
function startStep(step: StoredStep, parent: SpanContext): LangfuseObservation {
  const startTime = new Date(step.startedAt);
  if (step.kind === 'model') {
    const metadata: GenerationMetadata = { seq: step.seq, latencyMs: step.latencyMs, cached: step.cached === 1 };
    const usage = {
      ...(step.tokensIn === null ? {} : { input: step.tokensIn }),
      ...(step.tokensOut === null ? {} : { output: step.tokensOut }),
    };
    return startObservation(
      step.model ?? 'model',
      {
        model: step.model ?? undefined,
        input: step.input ?? toWire(null),
        output: step.output ?? toWire(null),
        ...(step.tokensIn === null && step.tokensOut === null ? {} : { usageDetails: usage }),
        // Langfuse's own key for a generation's cost in dollars; none when no price was set
        ...(step.cost === null ? {} : { costDetails: { total: step.cost } }),
        metadata,
      },
      { asType: 'generation', startTime, parentSpanContext: parent },
    );
  }
  const server = step.server ?? '';
  const tool = step.tool ?? '';
  const isError = step.isError === 1;
  const metadata: ToolMetadata = {
    seq: step.seq,
    latencyMs: step.latencyMs,
    server,
    tool,
    catalogueName: step.catalogueName ?? step.tool ?? '',
    isError,
  };
  return startObservation(
    `${server}/${tool}`,
    {
      input: step.arguments ?? toWire(null),
      output: step.resultText ?? '',
      level: isError ? 'ERROR' : 'DEFAULT',
      ...(isError ? { statusMessage: 'the tool returned isError: true' } : {}),
      metadata,
    },
    { asType: 'tool', startTime, parentSpanContext: parent },
  );
}

/**
 * Starts and ends the spans of one finished episode on the Langfuse tracer provider in use; returns how
 * many. Times come from SQLite, so sending the same episode again produces identical spans.
 */
export function emitEpisodeTrace(ids: ScriptedIdGenerator, run: RunRow, stored: StoredEpisode): number {
  const { episode, steps } = stored;
  const parts = partsOf(run);
  const traceId = traceIdFor(episode.id);
  const shared = traceAttributes(run, parts, episode);
  const startMs = Date.parse(episode.startedAt);
  const stepEnds = steps.map((s) => Date.parse(s.startedAt) + s.latencyMs);
  const endMs = episode.finishedAt === null ? Math.max(startMs, ...stepEnds) : Date.parse(episode.finishedAt);

  const output = agentOutput(episode);
  const agent = ids.withIds({ traceId, spanId: agentObservationIdFor(episode.id) }, () =>
    startObservation(
      `agent ${run.agentId}`,
      { input: agentInput(parts, episode), output, level: output.status === 'error' ? 'ERROR' : 'DEFAULT' },
      { asType: 'agent', startTime: new Date(startMs) },
    ),
  );
  agent.otelSpan.setAttributes(shared);
  const parent = agent.otelSpan.spanContext();
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const observation = ids.withIds({ spanId: stepObservationIdFor(episode.id, step.seq) }, () => startStep(step, parent));
    observation.otelSpan.setAttributes(shared);
    observation.end(hrTime(stepEnds[i]!));
  }
  agent.end(hrTime(endMs));
  return 1 + steps.length;
}
