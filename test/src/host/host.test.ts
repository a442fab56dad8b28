import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { SimAgent } from '../../../src/agents/sim/agent.ts';
import { Host } from '../../../src/host/host.ts';
import { runSuite } from '../../../src/run/run-suite.ts';
import type { EpisodeOutcome } from '../../../src/run/episode.ts';
import type { Suite } from '../../../src/suite/schema.ts';
import { startHttpServer } from '../../../servers/common/http.ts';
import { tempStore } from '../../support/lab-runs.ts';

/** A text-tools server whose tool list the test grows, as a server author would. */
function textServer(withWordCount: boolean) {
  return () => {
    const server = new McpServer({ name: 'text-tools', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.registerTool(
      'char_count',
      { description: 'Count the characters in a piece of text.', inputSchema: z.object({ text: z.string() }) },
      async ({ text }) => ({
        content: [{ type: 'text', text: String(text.length) }],
      }),
    );
    if (withWordCount) {
      server.registerTool(
        'word_count',
        { description: 'Count the words in a sentence or paragraph.', inputSchema: z.object({ text: z.string() }) },
        async ({ text }) => ({
          content: [{ type: 'text', text: String(text.trim().split(/\s+/).length) }],
        }),
      );
    }
    return server;
  };
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function suiteFor(withWordCount: boolean): Promise<Suite> {
  const http = await startHttpServer(textServer(withWordCount), { port: 0 });
  closers.push(() => http.close());
  return {
    name: 'text',
    description: '',
    systemPrompt: 'Use the tools.',
    servers: [{ name: 'text', url: http.url, headers: {} }],
    tasks: [
      {
        id: 'words',
        split: 'val',
        prompt: 'How many words are in "the quick brown fox jumps"?',
        plan: [{ intent: 'how many words are in this sentence', args: { text: 'the quick brown fox jumps' }, tools: ['word_count'] }],
        check: { kind: 'answer', expected: 5, tolerance: 0 },
        tags: [],
      },
    ],
  };
}

describe('Host', () => {
  it('uses a tool that was added only to the server, with no change to the host', async () => {
    const store = tempStore();
    const run = async (withWordCount: boolean) => {
      const outcomes: EpisodeOutcome[] = [];
      await runSuite({
        store,
        loaded: { path: 'inline', suite: await suiteFor(withWordCount) },
        agent: new SimAgent(),
        options: { split: 'val', repeats: 1, seed: 1, concurrency: 1, versionIds: [] },
        onEpisode: (o) => outcomes.push(o),
      });
      return outcomes[0]!;
    };
    // before the server lists word_count, a suite that labels it is refused: the host knows only what tools/list says
    await expect(run(false)).rejects.toThrow(/task "words", step 1: no server lists the tool "word_count"/);

    const after = await run(true);
    expect(after.calls.map((c) => c.tool)).toEqual(['word_count']);
    expect(after.success).toBe(true);
    store.close();
  });

  it('turns an unknown tool name into an error result the agent can read', async () => {
    const host = await Host.connect((await suiteFor(false)).servers);
    closers.push(() => host.close());
    const seen: string[] = [];
    const invoker = host.invoker(host.catalogue(), (call) => seen.push(call.name));
    const outcome = await invoker.call('delete_everything', {});
    expect(outcome).toEqual({ isError: true, text: 'Unknown tool "delete_everything". Available tools: char_count.' });
    expect(seen).toEqual(['delete_everything']);
  });

  it('fails to connect with a message naming the server and where it was', async () => {
    await expect(Host.connect([{ name: 'gone', url: 'http://127.0.0.1:9/mcp', headers: {} }])).rejects.toThrow(
      /cannot connect to MCP server "gone" \(http:\/\/127\.0\.0\.1:9\/mcp\)/,
    );
    await expect(Host.connect([{ name: 'nocmd', command: '/nonexistent/server', args: [], env: {} }])).rejects.toThrow(/"nocmd"/);
  });
});
