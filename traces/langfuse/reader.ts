// Reads episodes back from Langfuse through @langfuse/client, using the read APIs of Langfuse v4
// (observations v2 and scores v3; the v1 trace and v2 score reads are gone from Langfuse Cloud).
import { LangfuseClient } from '@langfuse/client';
import * as z from 'zod';
import type { ModelStepInput, ScoreInput, ToolCall } from '../types.ts';
import type { LangfuseConfig } from './config.ts';
import { agentInputSchema, agentOutputSchema, fromWire, generationMetadataSchema, toolMetadataSchema, type AgentInput, type AgentOutput } from './wire.ts';

export type ImportedStep = ({ kind: 'tool' } & ToolCall) | ({ kind: 'model' } & ModelStepInput);

/** One episode as Langfuse holds it: the run and episode it came from, its steps in order, its scores. */
export interface LangfuseEpisode {
  traceId: string;
  source: AgentInput;
  result: AgentOutput;
  steps: ImportedStep[];
  scores: ScoreInput[];
}

export interface LangfuseQuery {
  /** A tdo run id: Langfuse's session of its traces. */
  session?: string;
  /** Only episodes that started at or after this time. */
  since?: Date;
}

export interface SkippedTrace {
  traceId: string;
  reason: string;
}

const observationSchema = z.object({
  id: z.string(),
  traceId: z.string().nullable(),
  type: z.string(),
  name: z.string().nullish(),
  parentObservationId: z.string().nullable(),
  input: z.unknown().optional(),
  output: z.unknown().optional(),
  metadata: z.unknown().optional(),
  model: z.string().nullish(),
  usageDetails: z.record(z.string(), z.number()).nullish(),
  /** dollars; `total` is what tdo exports (traces/langfuse/episode-trace.ts) */
  costDetails: z.record(z.string(), z.number()).nullish(),
});
export type Observation = z.infer<typeof observationSchema>;

const scoreSchema = z.object({ name: z.string(), value: z.unknown(), comment: z.string().nullish() });

const PAGE = 100;
/** Each read request's limit; a Langfuse that answers slower than this is treated as down. */
const REQUEST_TIMEOUT_S = 30;
const PROBE_TIMEOUT_MS = 5_000;
const REQUEST_OPTIONS = { timeoutInSeconds: REQUEST_TIMEOUT_S };

/**
 * The most pages tdo follows of one list (of PAGE items each): 100,000 episodes of one query, far more than one
 * import should hold; a Langfuse still handing out cursors then is not ending its list.
 */
export const MAX_LIST_PAGES = 1_000;

/** Follows a cursor-paginated list to its end; a cursor handed out twice, or more than MAX_LIST_PAGES pages, is an error. */
async function allPages<T>(what: string, fetch: (cursor: string | undefined) => Promise<{ data: T[]; meta: { cursor?: string | null } }>): Promise<T[]> {
  const items: T[] = [];
  const followed = new Set<string>();
  for (let cursor: string | undefined, pages = 1; ; pages++) {
    const page = await fetch(cursor);
    items.push(...page.data);
    cursor = page.meta.cursor ?? undefined;
    if (!cursor) return items;
    if (followed.has(cursor))
      throw new Error(`listing ${what}, Langfuse handed out a cursor it had handed out before (after ${pages} pages), so its list would never end`);
    if (pages >= MAX_LIST_PAGES)
      throw new Error(
        `listing ${what}, Langfuse was still handing out cursors after ${MAX_LIST_PAGES.toLocaleString('en-US')} pages of ${PAGE}; tdo stopped there (import less at once: --session, --since)`,
      );
    followed.add(cursor);
  }
}

/**
 * What a generation spent, as tdo exports it (traces/langfuse/episode-trace.ts): whole, non-negative token counts
 * and a non-negative cost. Anything else is no spend tdo recorded, and would turn a store's totals and caps wrong.
 */
const generationSpendSchema = z.object({
  usageDetails: z.looseObject({ input: z.number().int().nonnegative().optional(), output: z.number().int().nonnegative().optional() }).nullish(),
  costDetails: z.looseObject({ total: z.number().nonnegative().optional() }).nullish(),
});

/** One observation as the step it records, or why it cannot be imported. */
export function toStep(o: Observation): ImportedStep | string {
  if (o.type === 'TOOL') {
    const meta = toolMetadataSchema.safeParse(o.metadata);
    if (!meta.success) return `tool observation ${o.id} lacks tdo's metadata (${z.prettifyError(meta.error)})`;
    // the metadata keeps the key `catalogueName` for the name the agent called: traces already exported carry it
    const { server, tool, catalogueName, isError, latencyMs } = meta.data;
    const output = o.output ?? '';
    return {
      kind: 'tool',
      server,
      name: catalogueName,
      tool,
      args: fromWire(o.input),
      output: typeof output === 'string' ? output : JSON.stringify(output),
      isError,
      latencyMs,
    };
  }
  const meta = generationMetadataSchema.safeParse(o.metadata);
  if (!meta.success) return `generation ${o.id} lacks tdo's metadata (${z.prettifyError(meta.error)})`;
  const spend = generationSpendSchema.safeParse(o);
  if (!spend.success) return `generation ${o.id} reports usage or a cost tdo never records (${z.prettifyError(spend.error)})`;
  const usage = spend.data.usageDetails ?? {};
  return {
    kind: 'model',
    model: o.model ?? o.name ?? 'model',
    input: fromWire(o.input),
    output: fromWire(o.output),
    ...(usage.input === undefined ? {} : { tokensIn: usage.input }),
    ...(usage.output === undefined ? {} : { tokensOut: usage.output }),
    ...(spend.data.costDetails?.total === undefined ? {} : { cost: spend.data.costDetails.total }),
    latencyMs: meta.data.latencyMs,
    cached: meta.data.cached,
  };
}

const seqOf = (o: Observation) => Number((o.metadata as { seq?: unknown } | null | undefined)?.seq);

export class LangfuseReader {
  private readonly client: LangfuseClient;

  constructor(private readonly config: LangfuseConfig) {
    this.client = new LangfuseClient(config);
  }

  /**
   * Fails fast when Langfuse cannot be reached at all. The SDK's requests (@langfuse/core 5.11.1) leave their
   * timeout timer running when a fetch fails, which would keep the process alive for the whole timeout.
   */
  private async probe(): Promise<void> {
    try {
      await fetch(`${this.config.baseUrl}/api/public/health`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    } catch (err) {
      const { cause } = err as { cause?: { code?: string; message?: string } };
      const why = cause?.code ?? cause?.message ?? (err as Error).message;
      throw new Error(`cannot reach it (${why})`);
    }
  }

  /** The tdo episodes matching the query, plus the traces that could not be read as one and why. */
  async episodes(query: LangfuseQuery): Promise<{ episodes: LangfuseEpisode[]; skipped: SkippedTrace[] }> {
    await this.probe();
    const api = this.client.api;
    const agents = await allPages('agent observations', (cursor) =>
      api.observations.getMany(
        {
          type: 'AGENT',
          fields: 'core,basic,io',
          limit: PAGE,
          ...(query.session === undefined ? {} : { sessionId: query.session }),
          ...(query.since === undefined ? {} : { fromStartTime: query.since.toISOString() }),
          ...(cursor === undefined ? {} : { cursor }),
        },
        REQUEST_OPTIONS,
      ),
    );
    const episodes: LangfuseEpisode[] = [];
    const skipped: SkippedTrace[] = [];
    for (const raw of agents) {
      const agent = observationSchema.parse(raw);
      const traceId = agent.traceId ?? '';
      const source = agentInputSchema.safeParse(fromWire(agent.input));
      if (!source.success) continue; // an agent observation from some other program: not ours to import
      const result = agentOutputSchema.safeParse(fromWire(agent.output));
      if (!result.success) {
        skipped.push({ traceId, reason: `the agent observation has no episode result (${z.prettifyError(result.error)})` });
        continue;
      }
      const read = await this.episode(traceId, agent.id);
      if (typeof read === 'string') skipped.push({ traceId, reason: read });
      else episodes.push({ traceId, source: source.data, result: result.data, ...read });
    }
    return { episodes, skipped };
  }

  private async episode(traceId: string, agentId: string): Promise<Pick<LangfuseEpisode, 'steps' | 'scores'> | string> {
    const api = this.client.api;
    const observations = (
      await allPages(`the observations of trace ${traceId}`, (cursor) =>
        api.observations.getMany(
          { traceId, fields: 'core,basic,io,metadata,model,usage', limit: PAGE, ...(cursor === undefined ? {} : { cursor }) },
          REQUEST_OPTIONS,
        ),
      )
    ).map((o) => observationSchema.parse(o));
    const children = observations.filter((o) => o.parentObservationId === agentId && (o.type === 'TOOL' || o.type === 'GENERATION'));
    children.sort((a, b) => seqOf(a) - seqOf(b));
    const steps: ImportedStep[] = [];
    for (const child of children) {
      const step = toStep(child);
      if (typeof step === 'string') return step;
      steps.push(step);
    }
    const rawScores = await allPages(`the scores of trace ${traceId}`, (cursor) =>
      api.scoresV3.getManyV3({ traceId, fields: 'details', limit: PAGE, ...(cursor === undefined ? {} : { cursor }) }, REQUEST_OPTIONS),
    );
    const scores: ScoreInput[] = [];
    for (const raw of rawScores) {
      const s = scoreSchema.parse(raw);
      // tdo records numbers; a boolean score (set in the Langfuse UI, say) counts as 1 or 0, text is skipped
      const value = typeof s.value === 'boolean' ? Number(s.value) : s.value;
      if (typeof value !== 'number') continue;
      scores.push({ name: s.name, value, ...(s.comment == null ? {} : { comment: s.comment }) });
    }
    scores.sort((a, b) => a.name.localeCompare(b.name));
    return { steps, scores };
  }
}
