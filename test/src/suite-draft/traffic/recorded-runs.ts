// Runs a user's agents might have left in a trace store, written through the store's own recording calls: an
// imported run whose episodes hold the user's request in their first model call, and a tdo proxy session.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTraceStore, type TraceStore } from '../../../../traces/index.ts';

export interface Episode {
  request?: string;
  calls: Array<{ tool: string; args: Record<string, unknown>; isError?: boolean }>;
  answer?: string;
}

export function freshStore(): TraceStore {
  return openTraceStore(join(mkdtempSync(join(tmpdir(), 'tdo-draft-')), 'tdo.db'));
}

const RUN = { agent: 'llm:user-model', split: 'all', repeats: 1, seed: 0, concurrency: 1 };

/** An imported run of `server`'s calls, one episode per entry, in order. */
export function importedRun(store: TraceStore, server: string, episodes: readonly Episode[], suitePath = '/elsewhere/agent.yaml'): string {
  const run = store.createRun({
    kind: 'imported',
    settings: { imported: { from: 'langfuse', baseUrl: 'http://langfuse.test', sourceRun: 'r-source', importedAt: '2026-12-01T00:00:00Z' } },
    suite: 'agent',
    suitePath,
    versionIds: {},
    ...RUN,
  });
  for (const [i, e] of episodes.entries()) {
    const row = store.startEpisode({ runId: run.id, taskId: `t${i}`, split: 'train', repeat: 0, seed: i });
    if (e.request !== undefined) {
      const input = [
        { role: 'system', content: 'You help with sums.' },
        { role: 'user', content: e.request },
      ];
      store.addModelStep(row.id, { model: 'user-model', input, output: { role: 'assistant', content: null }, latencyMs: 1 });
    }
    for (const c of e.calls)
      store.addToolStep(row.id, { server, name: c.tool, tool: c.tool, args: c.args, output: 'ok', isError: c.isError ?? false, latencyMs: 1 });
    store.finishEpisode(row.id, { status: 'completed', answer: e.answer ?? null, success: true, feedback: '', stop: 'answered' });
  }
  store.setRunStatus(run.id, 'completed');
  return run.id;
}

/** A tdo proxy session of `server`: its calls, no request. */
export function proxyRun(store: TraceStore, server: string, calls: Episode['calls'], listed?: Record<string, string>): string {
  const version = listed === undefined ? undefined : store.recordVersion({ server, descriptions: listed, origin: 'seed' });
  const run = store.createRun({
    kind: 'proxy',
    settings: {
      proxy: { server, command: 'node server.js', servedVersionId: null, started: { command: 'node', args: ['server.js', '--data', 'my dir'], cwd: '/srv' } },
      clientInfo: { name: 'claude-code' },
    },
    suite: `proxy:${server}`,
    suitePath: 'node server.js',
    versionIds: version === undefined ? {} : { [server]: version.id },
    ...RUN,
    agent: 'host:claude-code',
    split: 'live',
  });
  const row = store.startEpisode({ runId: run.id, taskId: `proxy:${server}`, split: 'live', repeat: 0, seed: 0 });
  for (const c of calls)
    store.addToolStep(row.id, { server, name: c.tool, tool: c.tool, args: c.args, output: 'ok', isError: c.isError ?? false, latencyMs: 1 });
  store.finishEpisode(row.id, { status: 'completed', answer: null, success: null, feedback: '', stop: 'session_ended' });
  return run.id;
}
