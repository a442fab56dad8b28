import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../../../../src/agents/llm/agent.ts';
import { numbersIn } from '../../../../src/text/numbers.ts';
import { TOOL_SEARCH_STEP_MODEL } from '../../../../src/host/tool-search-session.ts';
import { ChatClient } from '../../../../src/models/chat-client.ts';
import type { EpisodeOutcome } from '../../../../src/run/episode.ts';
import { runSuite, type RunOptions } from '../../../../src/run/run-suite.ts';
import { callTool, finalAnswer, startOpenAiDouble, toolResultsOf, turnOf, type ChatRequestBody, type DoubleReply } from '../../../support/openai-double.ts';
import { labSuite, tempStore } from '../../../support/lab-runs.ts';

/** The notes task under deferred loading: the double plays the model, the real lab servers run over stdio. */
async function notesEpisode(toolSearch: RunOptions['toolSearch'], turns: Array<(body: ChatRequestBody) => DoubleReply>) {
  const double = await startOpenAiDouble((body) => (turns[turnOf(body)] ?? (() => finalAnswer('I could not finish.')))(body));
  const store = tempStore();
  try {
    const outcomes: EpisodeOutcome[] = [];
    await runSuite({
      store,
      loaded: labSuite({ taskIds: ['notes-sum'] }),
      agent: new LlmAgent({ model: new ChatClient({ model: 'double-model', baseURL: double.baseURL, apiKey: 'test-key' }) }),
      options: { split: 'val', repeats: 1, seed: 0, concurrency: 1, versionIds: [], ...(toolSearch === undefined ? {} : { toolSearch }) },
      onEpisode: (o) => outcomes.push(o),
    });
    const bodies = double.requests.map((r) => r.body as ChatRequestBody);
    return { trajectory: store.getTrajectory(outcomes[0]!.episodeId)!, bodies, offered: bodies.map((b) => (b.tools ?? []).map((t) => t.function.name)) };
  } finally {
    store.close();
    await double.close();
  }
}

describe('the LLM agent under deferred loading', () => {
  it('starts with the search tool alone, may call only what its searches loaded, and is offered those from then on', async () => {
    const { trajectory, bodies, offered } = await notesEpisode({ mode: 'bm25', k: 2 }, [
      () => callTool('calculator', { expression: '1 + 1' }), // not loaded yet
      () => callTool('tool_search', { query: 'read a text file' }),
      () => callTool('read_file', { path: 'notes.txt' }),
      () => callTool('tool_search', { query: 'evaluate an arithmetic expression' }),
      (body) => callTool('calculator', { expression: numbersIn(toolResultsOf(body)[2]!.split('\n').slice(1).join('\n')).join(' + ') }),
      (body) => finalAnswer(`The total is ${toolResultsOf(body).at(-1)}.`),
    ]);
    expect(trajectory.episode.success).toBe(true);
    expect(offered[0]).toEqual(['tool_search']);
    expect(offered[1]).toEqual(['tool_search']);
    // the first search's top 2 are loaded; the second adds the calculator
    const firstLoaded = offered[2]!.slice(1);
    expect(firstLoaded[0]).toBe('read_file');
    expect(firstLoaded).toHaveLength(2);
    expect(offered[4]!.slice(0, 3)).toEqual(['tool_search', ...firstLoaded]);
    expect(offered[4]).toContain('calculator');
    expect(bodies[0]!.tools![0]!.function.description).toMatch(/none is available until a search finds it/);

    expect(toolResultsOf(bodies[1]!)[0]).toBe('Error: there is no tool named "calculator". Available tools: tool_search.');
    expect(toolResultsOf(bodies[2]!)[1]).toMatch(/^Found 2 tools for "read a text file", best first; you can call them now: read_file, /);

    const searches = trajectory.steps.filter((s) => s.kind === 'model' && s.model === TOOL_SEARCH_STEP_MODEL);
    expect(searches.map((s) => s.kind === 'model' && s.input)).toEqual([
      { mode: 'bm25', k: 2, query: 'read a text file' },
      { mode: 'bm25', k: 2, query: 'evaluate an arithmetic expression' },
    ]);
    expect(searches[1]!.kind === 'model' && searches[1]!.output).toMatchObject({ results: [{ rank: 1, name: 'calculator', server: 'lab' }] });
    // the early call never reached a server: it is recorded as a call to no server
    const tools = trajectory.steps.flatMap((s) => (s.kind === 'tool' ? [[s.server, s.name, s.isError]] : []));
    expect(tools).toEqual([
      ['', 'calculator', true],
      ['lab', 'read_file', false],
      ['lab', 'calculator', false],
    ]);
  }, 60_000);

  it('reads a refused regex as an error result, and searches again', async () => {
    const { trajectory, bodies } = await notesEpisode({ mode: 'regex', k: 5 }, [
      () => callTool('tool_search', { query: '(text file' }),
      () => callTool('tool_search', { query: '(?i)text file' }),
      () => callTool('read_file', { path: 'notes.txt' }),
      () => finalAnswer('The file lists four amounts.'),
    ]);
    expect(toolResultsOf(bodies[1]!)[0]).toMatch(
      /^Error: "\(text file" is not a valid regular expression \(RE2 syntax\): .*Search again with a valid pattern\.$/,
    );
    expect(toolResultsOf(bodies[2]!)[1]).toBe('Found 1 tool for "(?i)text file", best first; you can call them now: read_file.');
    const outputs = trajectory.steps.flatMap((s) => (s.kind === 'model' && s.model === TOOL_SEARCH_STEP_MODEL ? [s.output] : []));
    expect(outputs).toEqual([
      { error: expect.stringMatching(/not a valid regular expression/) },
      { results: [expect.objectContaining({ name: 'read_file' })], loaded: ['read_file'] },
    ]);
  }, 60_000);
});
