import { forEpisode, type EpisodeWrites } from './episode-writes.ts';
import type { ModelStep, ModelStepInput, ScoreInput, ToolCall, ToolStep } from './types.ts';

// The rows an episode gathers as it runs (traces/recording.ts): its tool and model steps, and its scores.

/** JSON columns hold JSON text; an absent value is stored as JSON null, as the schema's json mode writes it. */
function json(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/** Just the fields of a tool call that are recorded: the host's live call carries more (structured content). */
export function storedToolCall(c: ToolCall): ToolCall {
  return { server: c.server, name: c.name, tool: c.tool, args: c.args, output: c.output, isError: c.isError, latencyMs: c.latencyMs };
}

/** Boolean columns hold 0 or 1. */
function bit(value: boolean | null): number | null {
  return value === null ? null : value ? 1 : 0;
}

type ModelColumns = Pick<ModelStep, 'model' | 'input' | 'output' | 'tokensIn' | 'tokensOut' | 'cached' | 'cost' | 'tokensEstimated'>;

/**
 * Inserts one step row: a tool step's columns or a model step's, the other kind's left NULL. Returns what SQLite computed.
 * all(), not get(): get() stops at the RETURNING row, so the commit happens in the reset and SQLite never runs its
 * WAL hook, which is what checkpoints every 1000 pages; a stretch of steps then grew the WAL without bound (250 MB
 * after 20,000 steps) and the next other statement paid the whole checkpoint (about 0.3 s).
 */
function insertStep(
  writes: EpisodeWrites,
  episodeId: string,
  at: string,
  latencyMs: number,
  step: { kind: 'tool'; call: ToolCall } | { kind: 'model'; model: ModelColumns },
) {
  const c = step.kind === 'tool' ? step.call : undefined;
  const m = step.kind === 'model' ? step.model : undefined;
  const [computed] = forEpisode(writes, episodeId, () =>
    writes.statements.step.all(
      episodeId,
      episodeId,
      step.kind,
      at,
      latencyMs,
      c?.server ?? null,
      c?.tool ?? null,
      c?.name ?? null,
      c ? json(c.args) : null,
      c?.output ?? null,
      c ? bit(c.isError) : null,
      m?.model ?? null,
      m ? json(m.input) : null,
      m ? json(m.output) : null,
      m?.tokensIn ?? null,
      m?.tokensOut ?? null,
      m ? bit(m.cached) : null,
      m?.cost ?? null,
      m?.tokensEstimated ?? null,
    ),
  );
  return computed!;
}

/**
 * Inserts a step and returns it as stored, built from what was written: nothing already in hand is read
 * back out of the database, and JSON columns hold the values given (their stored text reads back equal,
 * an absent value as JSON null).
 */
export function insertToolStep(writes: EpisodeWrites, episodeId: string, c: ToolCall, at: string): ToolStep {
  const { id, seq } = insertStep(writes, episodeId, at, c.latencyMs, { kind: 'tool', call: c });
  return { id, seq, episodeId, kind: 'tool', startedAt: at, ...storedToolCall(c), args: c.args ?? null };
}

export function insertModelStep(writes: EpisodeWrites, episodeId: string, s: ModelStepInput, at: string): ModelStep {
  const model = {
    model: s.model,
    input: s.input ?? null,
    output: s.output ?? null,
    tokensIn: s.tokensIn ?? null,
    tokensOut: s.tokensOut ?? null,
    cached: s.cached ?? false,
    cost: s.cost ?? null,
    tokensEstimated: s.tokensEstimated ?? null,
  };
  const { id, seq } = insertStep(writes, episodeId, at, s.latencyMs, { kind: 'model', model });
  return { id, seq, episodeId, kind: 'model', startedAt: at, latencyMs: s.latencyMs, ...model };
}

export function insertScoreRow(writes: EpisodeWrites, episodeId: string, s: ScoreInput): void {
  forEpisode(writes, episodeId, () => writes.statements.score.run(episodeId, s.name, s.value, s.comment ?? null));
}
