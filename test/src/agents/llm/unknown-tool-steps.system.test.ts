// Calls to tools that do not exist, through the real host and recorder: the model is told what exists,
// and the trajectory keeps the call as an errored tool step with no server.
import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../../../../src/agents/llm/agent.ts';
import { renderTrajectory } from '../../../../cli/format/trajectory.ts';
import { ChatClient } from '../../../../src/models/chat-client.ts';
import type { EpisodeOutcome } from '../../../../src/run/episode.ts';
import { runSuite } from '../../../../src/run/run-suite.ts';
import { labSuite, tempStore } from '../../../support/lab-runs.ts';
import { callTool, finalAnswer, scripted, startOpenAiDouble, toolResultsOf, type ChatRequestBody } from '../../../support/openai-double.ts';

describe('an LLM agent calling a tool that does not exist', () => {
  it('is told the available names, and the call is recorded as an errored tool step with no server', async () => {
    const double = await startOpenAiDouble(
      scripted([
        callTool('web_search', { query: 'memo total' }),
        // not a JSON object: answered by the agent, never a call to record
        callTool('web_fetch', '[1, 2]'),
        finalAnswer('I could not find it.'),
      ]),
    );
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

      const available = (double.requests[0]!.body as ChatRequestBody).tools!.map((t) => t.function.name).join(', ');
      const results = toolResultsOf(double.requests[2]!.body as ChatRequestBody);
      expect(results[0]).toBe(`Error: there is no tool named "web_search". Available tools: ${available}.`);
      expect(results[1]).toBe(`Error: there is no tool named "web_fetch". Available tools: ${available}.`);

      const trajectory = store.getTrajectory(outcomes[0]!.episodeId)!;
      const toolSteps = trajectory.steps.filter((s) => s.kind === 'tool');
      expect(toolSteps).toHaveLength(1);
      expect(toolSteps[0]).toMatchObject({ server: '', tool: 'web_search', name: 'web_search', args: { query: 'memo total' }, isError: true });
      expect(toolSteps[0]!.output).toMatch(/^Unknown tool "web_search"\. Available tools: /);
      // an agent's wrong name is the task's failure, not an outage
      expect(trajectory.episode.status).toBe('completed');

      // as `tdo traces show` prints it: no empty server before the slash
      const shown = renderTrajectory(trajectory);
      expect(shown).toMatch(/#\d+ tool +[\d.]+ ms {2}web_search \(no such tool\) \{"query":"memo total"\}\n {6}-> ERROR: Unknown tool "web_search"/);
      expect(shown).not.toContain(' /web_search');
    } finally {
      store.close();
      await double.close();
    }
  }, 60_000);
});
