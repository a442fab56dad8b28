// A trace store made by a real run for the viewer's tests: the sim agent runs a small suite against an MCP server in
// this process, whose description of one tool holds a <script> element (outside text the viewer must escape).
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { startHttpServer } from '../../servers/common/http.ts';
import { SimAgent } from '../../src/agents/sim/agent.ts';
import { runSuite } from '../../src/run/run-suite.ts';
import type { Suite } from '../../src/suite/schema.ts';
import type { TraceStore } from '../../traces/index.ts';
import { tempStore } from '../support/lab-runs.ts';

export const HOSTILE = '<script>window.pwned = true</script>';

function textServer() {
  const server = new McpServer({ name: 'text-tools', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool(
    'char_count',
    { description: `Count the characters in a piece of text. ${HOSTILE}`, inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text: String(text.length) }] }),
  );
  server.registerTool(
    'word_count',
    { description: 'Count the words in a sentence or paragraph.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text: String(text.trim().split(/\s+/).length) }] }),
  );
  return server;
}

function suiteAt(url: string): Suite {
  const task = (id: string, intent: string, text: string, tool: string, expected: number) => ({
    id,
    split: 'val' as const,
    prompt: `${intent}: "${text}"?`,
    plan: [{ intent, args: { text }, tools: [tool] }],
    check: { kind: 'answer' as const, expected, tolerance: 0 },
    tags: [],
  });
  return {
    name: 'text',
    description: '',
    systemPrompt: 'Use the tools.',
    servers: [{ name: 'text', url, headers: {} }],
    tasks: [
      task('words', 'how many words are in this sentence', 'the quick brown fox jumps', 'word_count', 5),
      task('chars', 'how many characters are in this text', 'hello', 'char_count', 5),
      // labelled char_count, worded for word_count: the sim picks word_count and fails the check
      task('mislabelled', 'how many words are in this sentence', 'a b c d e', 'char_count', 9),
    ],
  };
}

/** A store holding one finished sim run of three tasks, `repeats` times each; returns the store and the run's id. */
export async function viewStore(repeats = 2): Promise<{ store: TraceStore; runId: string }> {
  const http = await startHttpServer(textServer, { port: 0 });
  const store = tempStore();
  try {
    const result = await runSuite({
      store,
      loaded: { path: 'inline', suite: suiteAt(http.url) },
      agent: new SimAgent(),
      options: { split: 'val', repeats, seed: 1, concurrency: 1, versionIds: [] },
    });
    return { store, runId: result.runId };
  } finally {
    await http.close();
  }
}
