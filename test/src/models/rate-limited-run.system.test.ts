import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../../../src/agents/llm/agent.ts';
import { ChatClient } from '../../../src/models/chat-client.ts';
import { ModelRateLimiter } from '../../../src/models/rate-limiter.ts';
import { runSuite } from '../../../src/run/run-suite.ts';
import { callTool, finalAnswer, startOpenAiDouble, toolResultsOf, turnOf, type ReplyHandler } from '../../support/openai-double.ts';
import { labSuite, tempStore } from '../../support/lab-runs.ts';

/** Eight one-step arithmetic tasks: two model calls each, all eight in flight at once. */
const loaded = labSuite({
  taskIds: ['dinner-tip', 'rent-split', 'jacket-sale-price', 'tile-count', 'fuel-economy', 'fifteen-percent', 'monthly-salary', 'hall-seats'],
});

/** Calls the arithmetic tool with the plan's expression, then states its result. */
const arithmetic: ReplyHandler = (body) => {
  const prompt = body.messages.find((m) => m.role === 'user')?.content;
  const task = loaded.suite.tasks.find((t) => t.prompt === prompt)!;
  if (turnOf(body) > 0) return finalAnswer(`It is ${toolResultsOf(body).at(-1)}.`);
  const tool = (body.tools ?? []).find((t) => /arithmetic/i.test(t.function.description ?? ''))!;
  return callTool(tool.function.name, task.plan[0]!.args);
};

/** The eight tasks at concurrency 8 against an endpoint allowing 4 requests a second; no retries, so any 429 fails its episode. */
async function runAgainstLimit(rateLimiter: ModelRateLimiter | undefined) {
  const double = await startOpenAiDouble(arithmetic, { rateLimit: { requests: 4, windowMs: 1000 } });
  const store = tempStore();
  try {
    const model = new ChatClient({ model: 'double-model', baseURL: double.baseURL, apiKey: 'k', maxRetries: 0, ...(rateLimiter ? { rateLimiter } : {}) });
    const report = await runSuite({
      store,
      loaded,
      agent: new LlmAgent({ model }),
      options: { split: 'all', repeats: 1, seed: 0, concurrency: 8, versionIds: [] },
      maxErrorRate: 1,
    });
    return {
      report,
      refused: double.requests.filter((r) => r.reply.status === 429).length,
      answered: double.requests.filter((r) => r.reply.status === 200).length,
    };
  } finally {
    store.close();
    await double.close();
  }
}

describe('a run against an endpoint rate limit', () => {
  it('with the shared limiter at the endpoint limit: no 429 and no errored episode; without it, 429s fail episodes', { timeout: 120_000 }, async () => {
    expect(loaded.suite.tasks).toHaveLength(8);
    const unlimited = await runAgainstLimit(undefined);
    expect(unlimited.refused).toBeGreaterThan(0);
    expect(unlimited.report.errors.errors).toBeGreaterThan(0);

    const limited = await runAgainstLimit(new ModelRateLimiter({ requests: 4, intervalMs: 1000 }));
    expect(limited.refused).toBe(0);
    expect(limited.report.errors.causes).toEqual([]);
    expect(limited.report.errors.errors).toBe(0);
    expect(limited.report.episodes).toBe(8);
    expect(limited.answered).toBe(16);
  });
});
