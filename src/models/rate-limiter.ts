// One budget of model requests and tokens for a whole process: every ChatClient given the same limiter
// (the agent's and the proposer's) draws from it, so more episodes in flight wait their turn instead of
// drawing 429s, and a 429's Retry-After holds back every client, not only the one that got it.
import pThrottle from 'p-throttle';
import * as z from 'zod';

export const rateLimitsSchema = z
  .object({
    /** Requests allowed in any window of `intervalMs` (--rpm). */
    requests: z.number().int().positive().optional(),
    /** Estimated tokens allowed in any window of `intervalMs` (--tpm). */
    tokens: z.number().int().positive().optional(),
    /** One minute, as endpoints state their limits; shorter only in tests. */
    intervalMs: z.number().int().positive().default(60_000),
  })
  .refine((limits) => limits.requests !== undefined || limits.tokens !== undefined, 'give a request limit, a token limit or both');

export type RateLimits = z.input<typeof rateLimitsSchema>;

/**
 * We count a request when we send it, the endpoint when it arrives, a moment later: a slot freed exactly one
 * window after a request that arrived late would land inside the endpoint's window. So our window is a little longer.
 */
const ARRIVAL_MARGIN = { share: 0.02, minMs: 100 };

/**
 * About four characters per token (OpenAI's rule of thumb), over the messages and the tool definitions the
 * request carries: an endpoint charges a request's prompt when it admits it, before any completion exists.
 */
export function estimateRequestTokens(request: { messages: unknown; tools?: unknown }): number {
  const characters = JSON.stringify(request.messages).length + (request.tools === undefined ? 0 : JSON.stringify(request.tools).length);
  return Math.max(1, Math.ceil(characters / 4));
}

/**
 * Rolling-window limits through p-throttle's strict mode: never more than the limit in any window, which is how
 * endpoints state RPM and TPM, and which a token-bucket endpoint with the same per-minute limit also accepts.
 * Requests and tokens are two throttles in sequence; a request reserves its tokens once it has its request slot.
 */
export class ModelRateLimiter {
  readonly limits: z.output<typeof rateLimitsSchema>;
  private readonly requestSlot: (() => Promise<void>) | undefined;
  private readonly tokenSlot: ((tokens: number) => Promise<void>) | undefined;
  private pausedUntil = 0;

  constructor(limits: RateLimits) {
    const parsed = rateLimitsSchema.safeParse(limits);
    if (!parsed.success) throw new Error(`Invalid rate limits: ${z.prettifyError(parsed.error)}`);
    this.limits = parsed.data;
    const interval = parsed.data.intervalMs + Math.max(parsed.data.intervalMs * ARRIVAL_MARGIN.share, ARRIVAL_MARGIN.minMs);
    const { requests, tokens } = parsed.data;
    this.requestSlot = requests === undefined ? undefined : pThrottle({ limit: requests, interval, strict: true })(async () => {});
    this.tokenSlot =
      tokens === undefined ? undefined : pThrottle({ limit: tokens, interval, strict: true, weight: (count: number) => count })(async (_count: number) => {});
  }

  /** Resolves when a request of about `tokens` tokens may be sent: after any pause a 429 asked for, within both limits. */
  async acquire(tokens: number): Promise<void> {
    await this.pause();
    await this.requestSlot?.();
    // A request larger than the whole token limit waits for an empty window; the endpoint then decides.
    await this.tokenSlot?.(Math.min(tokens, this.limits.tokens ?? tokens));
    // a 429 may have paused everyone while this request waited for its slots
    await this.pause();
  }

  /** The endpoint said to wait (Retry-After): no client of this limiter sends anything for `ms`. */
  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
  }

  private async pause(): Promise<void> {
    for (let wait = this.pausedUntil - Date.now(); wait > 0; wait = this.pausedUntil - Date.now()) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
