// `tdo suite draft --from-run` on sessions a host ran through `tdo proxy` in front of a third-party server from npm
// (@kazuph/mcp-taskmanager): the proxy sees tool calls only, so each session is a task whose prompt the author writes;
// the draft names the server as the proxy started it and, its marks written, loads and runs with the sim agent.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { openTraceStore } from '../../traces/index.ts';
import { tdo } from '../support/cli.ts';
import { fillMarks } from '../support/fill-marks.ts';
import { REPO_ROOT, TDO_BIN } from '../support/lab-runs.ts';
import { TASKMANAGER_SERVER } from '../support/third-party-servers.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-draft-proxy-'));
const db = join(dir, 'tdo.db');

type Call = { name: string; arguments: Record<string, unknown> };

const planMove: Call = {
  name: 'request_planning',
  arguments: { originalRequest: 'Plan my move', tasks: [{ title: 'Book movers', description: 'Call two moving companies' }] },
};
const nextTask: Call = { name: 'get_next_task', arguments: { requestId: 'req-1' } };
const listAll: Call = { name: 'list_requests', arguments: {} };

/** One session of a host (the official SDK's client) through `tdo proxy`, making these calls; the id of the run it left. */
async function session(calls: readonly Call[]): Promise<string> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [TDO_BIN, 'proxy', '--name', 'taskmanager', '--db', db, '--', process.execPath, TASKMANAGER_SERVER],
    cwd: REPO_ROOT,
    env: { ...(process.env as Record<string, string>), TASK_MANAGER_FILE_PATH: join(dir, 'proxied-tasks.json') },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'desk-host', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools(); // as a host does first: the proxy records what the server lists
  for (const call of calls) await client.callTool(call);
  await client.close();
  const store = openTraceStore(db);
  try {
    return store.listRuns(1)[0]!.id;
  } finally {
    store.close();
  }
}

let runs: string[];
beforeAll(async () => {
  runs = [await session([planMove, nextTask]), await session([listAll]), await session([listAll])];
  expect(new Set(runs).size).toBe(3);
});

describe('tdo suite draft --from-run on tdo proxy sessions of a third-party server', () => {
  const out = join(dir, 'suites', 'taskmanager.yaml');

  it('drafts one task per session with the calls as its plan, the server as the proxy started it, and the tools no session called', async () => {
    const drafted = await tdo(['suite', 'draft', '--from-run', ...runs, '--db', db, '--out', out, '--json']);
    expect(drafted.code, drafted.stderr).toBe(0);
    const report = JSON.parse(drafted.stdout) as {
      tasks: number;
      merged: number;
      task_splits: unknown;
      tools: Array<{ tool: string }>;
      tools_without: { train: string[] };
    };
    expect([report.tasks, report.merged]).toEqual([3, 0]);
    expect(report.task_splits).toEqual([
      { id: 'taskmanager-session', split: 'train' },
      { id: 'taskmanager-session-2', split: 'train' },
      { id: 'taskmanager-session-3', split: 'paraphrase' },
    ]);
    // the proxy recorded what the server lists: its ten tools, of which three were called
    expect(report.tools).toHaveLength(10);
    expect(report.tools_without.train).toHaveLength(7);
    expect(report.tools_without.train).toContain('taskmanager/delete_task');

    const draft = parse(readFileSync(out, 'utf8')) as { servers: unknown[]; tasks: Array<{ prompt: string; plan: Array<{ args: unknown; tools: string[] }> }> };
    expect(draft.servers).toEqual([{ name: 'taskmanager', command: process.execPath, args: [TASKMANAGER_SERVER], cwd: resolve(REPO_ROOT) }]);
    expect(draft.tasks[0]!.prompt).toMatch(/^FILL: the request a user would make that needs taskmanager\/request_planning, then taskmanager\/get_next_task/);
    expect(draft.tasks[0]!.plan).toEqual([
      { intent: expect.stringMatching(/^FILL:/), args: planMove.arguments, tools: ['taskmanager/request_planning'] },
      { intent: expect.stringMatching(/^FILL:/), args: nextTask.arguments, tools: ['taskmanager/get_next_task'] },
    ]);
  });

  it('loads and runs with the sim agent once the author has written the marks and given the server a fresh state file per episode', async () => {
    const draft = parse(readFileSync(out, 'utf8')) as { servers: Array<Record<string, unknown>> };
    const words: Record<string, string> = {
      'tasks.0.prompt': 'Plan my move as a request with its tasks, then show me the first task.',
      'tasks.0.plan.0.intent': 'plan a new request with its tasks',
      'tasks.0.plan.1.intent': 'show the next task of the request',
      'tasks.1.prompt': 'Which requests do I have?',
      'tasks.1.plan.0.intent': 'list every request',
      'tasks.2.prompt': 'Show me all my requests.',
      'tasks.2.plan.0.intent': 'show all requests',
    };
    const written = fillMarks(draft, (_mark, path) => words[path] ?? 'Book movers') as typeof draft;
    // as the draft's comment on its servers says: the state the server keeps, pointed at ${EPISODE_DIR}
    written.servers[0]!.env = { TASK_MANAGER_FILE_PATH: '${EPISODE_DIR}/tasks.json' };
    const filled = join(dir, 'suites', 'filled.yaml');
    writeFileSync(filled, stringify(written));
    const ran = await tdo(['run', '--suite', filled, '--agent', 'sim', '--db', join(dir, 'run.db'), '--json']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ status: 'completed', episodes: 3 });
  });
});
