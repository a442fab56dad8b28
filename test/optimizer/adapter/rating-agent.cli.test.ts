import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Agent, AgentContext } from '../../../src/agents/agent.ts';
import { LlmAgent } from '../../../src/agents/llm/agent.ts';
import { ChatClient } from '../../../src/models/chat-client.ts';
import { runSuite } from '../../../src/run/run-suite.ts';
import type { EpisodeOutcome } from '../../../src/run/episode.ts';
import { openTraceStore } from '../../../traces/index.ts';
import { factsFromTrajectory, RATING_STEP_MODEL } from '../../../optimizer/adapter/facts.ts';
import { optimize } from '../../../optimizer/search/optimize.ts';
import { RatingAgent } from '../../../optimizer/adapter/rating-agent.ts';
import { targetFor } from '../../../optimizer/adapter/targets.ts';
import { SimProposer } from '../../../optimizer/proposers/sim/proposer.ts';
import { tdo } from '../../support/cli.ts';
import { labSuite, tempStore } from '../../support/lab-runs.ts';
import { callTool, finalAnswer, scripted, startOpenAiDouble, type ChatRequestBody, type DoubleReply, type OpenAiDouble } from '../../support/openai-double.ts';
import { labSearchSettings } from '../../support/search-settings.ts';

const rate = (tool: string, rating: unknown, comment?: string) => callTool('get_feedback', { tool, rating, ...(comment === undefined ? {} : { comment }) });

function llmAgent(double: OpenAiDouble): LlmAgent {
  return new LlmAgent({ model: new ChatClient({ model: 'double-model', baseURL: double.baseURL, apiKey: 'test-key' }), maxSteps: 12 });
}

function bodyOf(double: OpenAiDouble, index: number): ChatRequestBody {
  return double.requests[index]!.body as ChatRequestBody;
}

/** What the host answered to each tool call of the episode, in order, as the model read it back. */
function toolAnswers(double: OpenAiDouble): string[] {
  const last = bodyOf(double, double.requests.length - 1);
  return last.messages.flatMap((m) => (m.role === 'tool' ? [m.content] : []));
}

/** One lab task with the rating agent around the LLM agent, as the feedback target runs it; the episode's trajectory and facts. */
async function rateOnce(script: DoubleReply[]) {
  const double = await startOpenAiDouble(scripted(script));
  const store = tempStore();
  try {
    const outcomes: EpisodeOutcome[] = [];
    const loaded = labSuite({ taskIds: ['dinner-tip'] });
    await runSuite({
      store,
      loaded,
      agent: new RatingAgent(llmAgent(double)),
      options: { split: 'all', repeats: 1, seed: 0, concurrency: 1, versionIds: [] },
      onEpisode: (o) => outcomes.push(o),
    });
    const trajectory = store.getTrajectory(outcomes[0]!.episodeId)!;
    return { double, trajectory, facts: factsFromTrajectory(loaded.suite.tasks[0]!, trajectory) };
  } finally {
    store.close();
    await double.close();
  }
}

describe('the feedback target with the LLM agent, end to end through the lab servers', () => {
  it('offers get_feedback with the instruction, answers it on the host, records it and scores the rating', { timeout: 120_000 }, async () => {
    const double = await startOpenAiDouble(
      scripted([callTool('calculator', { expression: '86.50 * 0.18' }), rate('calculator', 4, 'gave the exact product'), finalAnswer('The tip is $15.57.')]),
    );
    const store = tempStore();
    try {
      // 2 train, 1 val, no test task: the seed's validation and one iteration on a minibatch of 1 spend the budget of 3.
      const loaded = labSuite({ taskIds: ['dinner-tip', 'rent-split', 'tile-count'] });
      const report = await optimize({
        store,
        loaded,
        agent: llmAgent(double),
        proposer: new SimProposer(),
        settings: labSearchSettings({
          target: 'feedback',
          budget: 3,
          minibatch: 1,
          componentChoice: 'round-robin',
          concurrency: 1,
          agent: { kind: 'llm', model: 'double-model' },
        }),
      });
      expect(report).toMatchObject({ status: 'completed', target: 'feedback', agent: 'llm:double-model', budgetUsed: 3 });
      // rating 4 of 5 on the lab tool that was used: (4 - 1) / 4
      expect(report.seed.val).toMatchObject({ score: 0.75, firstChoiceShare: 1, usedServer: 1, success: { n: 1 } });

      // Every request the model got offers get_feedback, described and with its parameters, and asks for it in the system prompt.
      expect(double.requests.length).toBe(3 * 3);
      for (const request of double.requests) {
        const body = request.body as ChatRequestBody;
        const offered = body.tools?.find((t) => t.function.name === 'get_feedback');
        expect(offered?.function.description).toMatch(
          /^Rate a tool you used in this conversation: 1 = useless or misleading, 5 = did exactly what its description promised/,
        );
        expect(offered?.function.parameters).toMatchObject({
          type: 'object',
          required: ['tool', 'rating'],
          properties: { rating: { type: 'integer', minimum: 1, maximum: 5 } },
        });
        expect(body.tools?.map((t) => t.function.name).sort()).toEqual(['calculator', 'get_feedback', 'read_file', 'smart_compute', 'unit_convert']);
        const system = body.messages[0]!;
        expect(system.role).toBe('system');
        expect(system.content).toMatch(
          /Finish with one short sentence[\s\S]*\n\nBefore your final answer, call get_feedback once for each tool you used to rate how well it served this task\.$/,
        );
      }
      // The host answered the rating itself; the model read that answer back.
      expect(toolAnswers(double)).toEqual(['15.57', 'Rating recorded.']);

      const episodes = store.listEpisodes({ runId: report.runId, limit: 100 });
      expect(episodes).toHaveLength(3);
      for (const episode of episodes) {
        const trajectory = store.getTrajectory(episode.id)!;
        // Only the calculator call reached an MCP server: get_feedback is not a tool step of any server.
        expect(trajectory.steps.filter((s) => s.kind === 'tool').map((s) => [s.server, s.tool])).toEqual([['lab', 'calculator']]);
        const ratings = trajectory.steps.filter((s) => s.kind === 'model' && s.model === RATING_STEP_MODEL);
        expect(ratings.map((s) => (s.kind === 'model' ? s.input : undefined))).toEqual([{ tool: 'calculator', rating: 4, comment: 'gave the exact product' }]);
        expect(trajectory.scores.find((s) => s.name === 'optimizer_feedback')).toMatchObject({
          value: 0.75,
          comment: 'The agent rated calculator 4/5: "gave the exact product".',
        });
      }
    } finally {
      store.close();
      await double.close();
    }
  });

  it('refuses malformed ratings with a message the model can act on, and scores only the valid rating of a target tool', { timeout: 60_000 }, async () => {
    const { double, trajectory, facts } = await rateOnce([
      rate('calculator', 4),
      callTool('calculator', { expression: '86.50 * 0.18' }),
      rate('calculator', 9),
      rate('calculator', 3.5),
      rate('read_file', 5),
      rate('frobnicate', 5),
      rate('', 5),
      rate('calculator', 2, 'rounding left to me'),
      rate('calculator', 5),
      callTool('smart_compute', { query: '86.50 * 0.18' }),
      rate('smart_compute', 1, 'not the target server'),
      finalAnswer('The tip is $15.57.'),
    ]);
    const answers = toolAnswers(double);
    expect(answers).toHaveLength(11);
    expect(answers[0]).toBe('Error: you have not called "calculator" in this conversation, so there is nothing to rate. You have not called any tool yet.');
    expect(answers[1]).toBe('15.57');
    expect(answers[2]).toMatch(/^Error: .*too big.*<=5[\s\S]*rating[\s\S]*Call get_feedback with \{"tool": name, "rating": 1-5, "comment": "\.\.\."\}\.$/i);
    expect(answers[3]).toMatch(/^Error: .*expected int[\s\S]*rating/i);
    expect(answers[4]).toBe(
      'Error: you have not called "read_file" in this conversation, so there is nothing to rate. Rate only tools you called: calculator.',
    );
    expect(answers[5]).toBe(
      'Error: you have not called "frobnicate" in this conversation, so there is nothing to rate. Rate only tools you called: calculator.',
    );
    expect(answers[6]).toMatch(/^Error: .*too small[\s\S]*tool/i);
    expect(answers[7]).toBe('Rating recorded.');
    expect(answers[8]).toBe('Error: you already rated "calculator"; each tool is rated once.');
    expect(answers[10]).toBe('Rating recorded.');

    // Only the valid ratings were stored, none of the refused ones, and nothing reached a server but the two real tools.
    expect(facts.ratings).toEqual([
      { tool: 'calculator', rating: 2, comment: 'rounding left to me' },
      { tool: 'smart_compute', rating: 1, comment: 'not the target server' },
    ]);
    expect(trajectory.steps.filter((s) => s.kind === 'tool').map((s) => s.tool)).toEqual(['calculator', 'smart_compute']);
    // lab is scored on its own tool's rating alone: (2 - 1) / 4; labplus on its own.
    expect(targetFor('feedback', 'lab').score(facts)).toEqual({ score: 0.25, feedback: 'The agent rated calculator 2/5: "rounding left to me".' });
    expect(targetFor('feedback', 'labplus').score(facts)).toEqual({ score: 0, feedback: 'The agent rated smart_compute 1/5: "not the target server".' });
  });

  it('scores 0 and says so when the agent used the target server but left every rating malformed', { timeout: 60_000 }, async () => {
    const { facts } = await rateOnce([callTool('calculator', { expression: '86.50 * 0.18' }), rate('calculator', 9), finalAnswer('The tip is $15.57.')]);
    expect(facts.ratings).toEqual([]);
    expect(targetFor('feedback', 'lab').score(facts)).toEqual({ score: 0, feedback: 'The agent used lab but did not rate it.' });
  });
});

describe('RatingAgent', () => {
  it('stops with a clear note, without running the agent, when a server already offers get_feedback', async () => {
    let ran = false;
    const inner: Agent = { id: 'llm:m', run: async () => ((ran = true), { answer: 'x', stop: 'answered' }) };
    const ctx = {
      catalogue: {
        tools: [{ name: 'get_feedback', server: 'survey', tool: 'get_feedback', description: 'collects feedback', inputSchema: { type: 'object' } }],
      },
    } as unknown as AgentContext;
    expect(await new RatingAgent(inner).run(ctx)).toEqual({
      answer: null,
      stop: 'error',
      note: 'a connected server already offers a tool named get_feedback; the feedback target cannot add its own',
    });
    expect(ran).toBe(false);
  });
});

describe('tdo optimize --target feedback', () => {
  it('is refused with the sim agent, with exit 2, before a run is created', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'tdo-feedback-sim-')), 'tdo.db');
    const { code, stdout, stderr } = await tdo([
      'optimize',
      '--suite',
      'lab',
      '--server',
      'lab',
      '--target',
      'feedback',
      '--agent',
      'sim',
      '--budget',
      '40',
      '--db',
      db,
    ]);
    expect(code, stderr).toBe(2);
    expect(stderr).toMatch(
      /the feedback target needs an LLM agent \(--agent llm --model M\): the sim agent only models tool selection and cannot rate the tools it used/,
    );
    expect(stdout).toBe('');
    const store = openTraceStore(db);
    try {
      expect(store.listRuns()).toEqual([]);
    } finally {
      store.close();
    }
  });
});
