import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../../../src/agents/llm/agent.ts';
import { ChatClient } from '../../../src/models/chat-client.ts';
import { runSuite } from '../../../src/run/run-suite.ts';
import type { EpisodeOutcome } from '../../../src/run/episode.ts';
import { numbersIn } from '../../../src/text/numbers.ts';
import { httpStatus, readerModel, stall, startOpenAiDouble } from '../../support/openai-double.ts';
import { labSuite, tempStore } from '../../support/lab-runs.ts';

/**
 * The LLM path end to end: a local OpenAI-compatible double plays the model, the real lab servers run
 * over stdio, and the real host and recorder sit in between. The double reads descriptions, so nothing
 * here depends on tool names.
 */
describe('the LLM agent on the lab suite', () => {
  it('answers the notes task with 69504 through the real lab server, recovering from a 429', async () => {
    const model = readerModel(
      [
        { toolAbout: 'text file', args: { path: 'notes.txt' } },
        {
          toolAbout: 'arithmetic',
          // like a model would: the amounts read from the memo (the date line aside), summed
          args: (results) => ({ expression: numbersIn(results[0]!.split('\n').slice(1).join('\n')).join(' + ') }),
        },
      ],
      (results) => `The total is ${results[1]}.`,
    );
    const double = await startOpenAiDouble(model, { failures: { 0: httpStatus(429, { retryAfter: '0' }) } });
    const store = tempStore();
    try {
      const client = new ChatClient({
        model: 'double-model',
        baseURL: double.baseURL,
        apiKey: 'test-key',
        cache: { get: (k) => store.cacheGet(k), put: (k, v) => store.cachePut(k, v) },
      });
      const outcomes: EpisodeOutcome[] = [];
      const report = await runSuite({
        store,
        loaded: labSuite({ taskIds: ['notes-sum'] }),
        agent: new LlmAgent({ model: client }),
        options: { split: 'val', repeats: 1, seed: 0, concurrency: 1, versionIds: [] },
        onEpisode: (o) => outcomes.push(o),
      });
      expect(report.success.rate).toBe(1);
      const trajectory = store.getTrajectory(outcomes[0]!.episodeId)!;
      expect(trajectory.episode.answer).toContain('69504');
      expect(trajectory.steps.filter((s) => s.kind === 'tool').map((s) => [s.tool, s.output.split('\n')[0]])).toEqual([
        ['read_file', 'Meeting memo, 2026-09-01'],
        ['calculator', '69504'],
      ]);
      const modelSteps = trajectory.steps.filter((s) => s.kind === 'model');
      expect(modelSteps).toHaveLength(3);
      expect(modelSteps.every((s) => s.model === 'double-model' && (s.tokensIn ?? 0) > 0)).toBe(true);
      // 3 answered turns plus the 429 that was retried
      expect(double.requests).toHaveLength(4);
      expect(report.callsByTool.map((s) => s.tool).sort()).toEqual(['calculator', 'read_file']);

      // A rerun of the same episode is served from the response cache: the double hears nothing new.
      await runSuite({
        store,
        loaded: labSuite({ taskIds: ['notes-sum'] }),
        agent: new LlmAgent({ model: client }),
        options: { split: 'val', repeats: 1, seed: 0, concurrency: 1, versionIds: [] },
      });
      expect(double.requests).toHaveLength(4);
    } finally {
      store.close();
      await double.close();
    }
  });

  it('runs a task that has only its prompt and check: no plan, so no tool is scored as correct or missed', async () => {
    const model = readerModel(
      [
        { toolAbout: 'text file', args: { path: 'notes.txt' } },
        { toolAbout: 'arithmetic', args: (results) => ({ expression: numbersIn(results[0]!.split('\n').slice(1).join('\n')).join(' + ') }) },
      ],
      (results) => `The total is ${results[1]}.`,
    );
    const double = await startOpenAiDouble(model);
    const store = tempStore();
    try {
      const client = new ChatClient({ model: 'double-model', baseURL: double.baseURL, apiKey: 'test-key', cache: { get: () => undefined, put: () => {} } });
      const lab = labSuite({ taskIds: ['notes-sum'] });
      const loaded = { ...lab, suite: { ...lab.suite, tasks: lab.suite.tasks.map((t) => ({ ...t, plan: [] })) } };
      const outcomes: EpisodeOutcome[] = [];
      const report = await runSuite({
        store,
        loaded,
        agent: new LlmAgent({ model: client }),
        options: { split: 'val', repeats: 1, seed: 0, concurrency: 1, versionIds: [] },
        onEpisode: (o) => outcomes.push(o),
      });
      expect(report.success.rate).toBe(1);
      expect(outcomes[0]!.feedback).toBe('Correct: the answer contains 69504, expected 69504.');
      const scores = store.getTrajectory(outcomes[0]!.episodeId)!.scores.map((s) => s.name);
      expect(scores).toContain('success');
      expect(scores).not.toContain('tool_precision');
      expect(scores).not.toContain('tool_recall');
    } finally {
      store.close();
      await double.close();
    }
  });

  it('passes a tool error back to the model, which can recover', async () => {
    const model = readerModel(
      [
        { toolAbout: 'text file', args: { path: 'memo.txt' } },
        { toolAbout: 'text file', args: { path: 'notes.txt' } },
        { toolAbout: 'arithmetic', args: { expression: '48000 + 9500 + 12000 + 4' } },
      ],
      (results) => `Total: ${results[2]}`,
    );
    const double = await startOpenAiDouble(model);
    const store = tempStore();
    try {
      const outcomes: EpisodeOutcome[] = [];
      await runSuite({
        store,
        loaded: labSuite({ taskIds: ['notes-sum'] }),
        agent: new LlmAgent({ model: new ChatClient({ model: 'double-model', baseURL: double.baseURL, apiKey: 'k' }) }),
        options: { split: 'val', repeats: 1, seed: 0, concurrency: 1, versionIds: [] },
        onEpisode: (o) => outcomes.push(o),
      });
      const [missing] = outcomes[0]!.calls;
      expect(missing!.isError).toBe(true);
      // the server's error lists the files that do exist, and the model saw exactly that text
      expect(missing!.output).toContain('notes.txt');
      const secondRequest = double.requests[1]!.body as { messages: Array<{ role: string; content: string }> };
      expect(secondRequest.messages.find((m) => m.role === 'tool')?.content).toBe(missing!.output);
      expect(outcomes[0]!.success).toBe(true);
    } finally {
      store.close();
      await double.close();
    }
  });

  it('ends an episode whose endpoint stalls mid-answer as an error at the deadline, and finishes the run', async () => {
    const double = await startOpenAiDouble(() => stall());
    const store = tempStore();
    try {
      const outcomes: EpisodeOutcome[] = [];
      const report = await runSuite({
        store,
        loaded: labSuite({ taskIds: ['notes-sum'] }),
        agent: new LlmAgent({ model: new ChatClient({ model: 'double-model', baseURL: double.baseURL, apiKey: 'k', timeoutMs: 500 }) }),
        options: { split: 'val', repeats: 1, seed: 0, concurrency: 1, versionIds: [] },
        maxErrorRate: 1,
        onEpisode: (o) => outcomes.push(o),
      });
      expect(store.getRun(report.runId)?.status).toBe('completed');
      expect(report.errors).toMatchObject({ episodes: 1, errors: 1, judged: 0 });
      const episode = store.getTrajectory(outcomes[0]!.episodeId)!.episode;
      expect(episode).toMatchObject({ status: 'error', stopReason: 'error' });
      expect(episode.feedback).toMatch(/did not finish answering within 500 ms/);
    } finally {
      store.close();
      await double.close();
    }
  }, 30_000);
});
