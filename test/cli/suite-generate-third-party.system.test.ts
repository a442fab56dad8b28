// `tdo suite draft --generate` on a third-party server from npm (@kazuph/mcp-taskmanager, a devDependency), met
// as `tdo init` meets one: by its command. The double answers as a drafting model (test/support/drafting-model.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadSuite } from '../../src/suite/load.ts';
import { tdo } from '../support/cli.ts';
import { draftingModel } from '../support/drafting-model.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';
import { startOpenAiDouble } from '../support/openai-double.ts';

const TASKMANAGER = join(REPO_ROOT, 'node_modules/@kazuph/mcp-taskmanager/dist/index.js');
/** The server's tools/list as captured for the shipped selection suite (experiments/shipped/catalogs/capture.ts). */
const CAPTURED = JSON.parse(readFileSync(join(REPO_ROOT, 'experiments/shipped/catalogs/taskmanager.json'), 'utf8')) as {
  tools: Array<{ name: string; description: string }>;
};

type DraftTask = { split: string; plan?: Array<{ tools: string[] }>; check: { kind: string; expected?: unknown }; tags: string[] };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tdo-suite-generate-npm-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tdo suite draft --generate on @kazuph/mcp-taskmanager', () => {
  it('drafts at least two train tasks and a task in each held-out split per tool, negatives and two-tool tasks', { timeout: 120_000 }, async () => {
    const double = await startOpenAiDouble(draftingModel);
    const out = join(dir, 'taskmanager.draft.yaml');
    try {
      const args = ['suite', 'draft', '--generate', '6', '--model', 'drafter', '--server', 'taskmanager', '--out', out, '--db', join(dir, 't.db')];
      const run = await tdo([...args, '--', process.execPath, TASKMANAGER], { OPENAI_BASE_URL: double.baseURL, OPENAI_API_KEY: 'k' }, dir);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('drafted 68 tasks for taskmanager (10 tools)');
      const sent = double.requests.map((r) => JSON.stringify(r.body)).join('\n');
      expect(CAPTURED.tools).toHaveLength(10);
      // the descriptions are long and none is sent, nor its first sentence
      for (const tool of CAPTURED.tools) {
        expect(sent).toContain(`Tool: ${tool.name}`);
        expect(sent).not.toContain(JSON.stringify(tool.description.split('.')[0]!).slice(1, -1));
      }
    } finally {
      await double.close();
    }
    const suite = parse(readFileSync(out, 'utf8')) as { servers: Array<{ name: string; args: string[] }>; tasks: DraftTask[] };
    expect(suite.servers).toMatchObject([{ name: 'taskmanager', args: [TASKMANAGER] }]);
    for (const tool of CAPTURED.tools) {
      const own = suite.tasks.filter((t) => t.check.kind === 'selection' && t.plan![0]!.tools[0] === `taskmanager/${tool.name}`);
      const count = (split: string) => own.filter((t) => t.split === split).length;
      expect([count('train'), count('val'), count('test'), count('paraphrase')], tool.name).toEqual([3, 1, 1, 1]);
    }
    expect(suite.tasks.filter((t) => t.check.kind === 'no-tool')).toHaveLength(4);
    const twoTools = suite.tasks.filter((t) => t.tags.includes('two-tools'));
    expect(twoTools).toHaveLength(4);
    for (const task of twoTools) task.check.expected = 'done';
    const filled = join(dir, 'filled.yaml');
    writeFileSync(filled, stringify(suite));
    expect(loadSuite(filled).suite.tasks).toHaveLength(68);
  });
});
