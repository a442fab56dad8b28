// `tdo suite draft --generate` on the lab server against the OpenAI-compatible double answering as a drafting
// model (test/support/drafting-model.ts; a test double, not a model): the draft's tasks per tool and kind, the
// prompt without descriptions, the draft loading once its marks are filled; an outage, a malformed answer and a
// dry run writing nothing.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadSuite } from '../../src/suite/load.ts';
import { tdo } from '../support/cli.ts';
import { draftingModel } from '../support/drafting-model.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';
import { callTool, finalAnswer, httpStatus, startOpenAiDouble, turnOf } from '../support/openai-double.ts';

const LAB_DESCRIPTIONS = JSON.parse(readFileSync(join(REPO_ROOT, 'servers/lab/descriptions.json'), 'utf8')) as Record<string, string>;
const draft = (out: string, ...more: string[]) => ['suite', 'draft', '--generate', '5', '--model', 'drafter', '--suite', 'lab', '--out', out, ...more];

type DraftTask = { id: string; split: string; prompt: string; plan?: Array<{ tools: string[] }>; check: { kind: string; expected?: unknown }; tags: string[] };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tdo-suite-generate-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The draft's single-tool tasks per tool and split, as "train/val/test/paraphrase". */
function countsOf(tasks: DraftTask[]): Record<string, string> {
  const own = tasks.filter((t) => t.check.kind === 'selection');
  const tools = [...new Set(own.map((t) => t.plan![0]!.tools[0]!))];
  const count = (tool: string, split: string) => own.filter((t) => t.plan![0]!.tools[0] === tool && t.split === split).length;
  return Object.fromEntries(tools.map((tool) => [tool, ['train', 'val', 'test', 'paraphrase'].map((s) => count(tool, s)).join('/')]));
}

describe('tdo suite draft --generate on lab', () => {
  it(
    'drafts every kind of task from the tools without their descriptions, and the draft loads and runs once its marks are filled',
    { timeout: 120_000 },
    async () => {
      const double = await startOpenAiDouble(draftingModel);
      const out = join(dir, 'lab.draft.yaml');
      try {
        const run = await tdo([...draft(out, '--call-tools', 'read_file'), '--db', join(dir, 'a.db'), '--json'], {
          OPENAI_BASE_URL: double.baseURL,
          OPENAI_API_KEY: 'k',
        });
        expect(run.code, run.stderr).toBe(0);
        // a probe of read_file, a call per tool, one for the negatives, one for the two-tool requests
        expect(double.requests).toHaveLength(6);
        const sent = double.requests.map((r) => JSON.stringify(r.body)).join('\n');
        for (const description of Object.values(LAB_DESCRIPTIONS)) expect(sent).not.toContain(description);
        expect(sent).toContain('A call with {} returned:');
        const summary = JSON.parse(run.stdout) as { per_tool: Array<Record<string, unknown>>; negatives: number; two_tool: number; fill_marks: number };
        expect(summary.per_tool.map((p) => [p.tool, p.train, p.val, p.test, p.paraphrase])).toEqual([
          ['calculator', 2, 1, 1, 1],
          ['read_file', 2, 1, 1, 1],
          ['unit_convert', 2, 1, 1, 1],
        ]);
        expect([summary.negatives, summary.two_tool, summary.fill_marks]).toEqual([4, 4, 4]);
      } finally {
        await double.close();
      }
      const text = readFileSync(out, 'utf8');
      const suite = parse(text) as { servers: Array<{ name: string }>; tasks: DraftTask[] };
      expect(suite.servers.map((s) => s.name)).toEqual(['lab']);
      expect(countsOf(suite.tasks)).toEqual({ 'lab/calculator': '2/1/1/1', 'lab/read_file': '2/1/1/1', 'lab/unit_convert': '2/1/1/1' });
      const negatives = suite.tasks.filter((t) => t.check.kind === 'no-tool');
      expect(negatives.map((t) => t.split)).toEqual(['train', 'val', 'test', 'paraphrase']);
      const twoTools = suite.tasks.filter((t) => t.tags.includes('two-tools'));
      expect(twoTools.map((t) => t.plan!.length)).toEqual([2, 2, 2, 2]);
      expect(text).toContain("the model was shown each tool's name and input schema, without its description");

      // the marks stop it loading; once a test writes them, it loads as a suite
      expect(() => loadSuite(out)).toThrow(/still has 4 values marked "FILL:"/);
      for (const task of twoTools) task.check.expected = 'done';
      const filled = join(dir, 'lab.filled.yaml');
      writeFileSync(filled, stringify(suite));
      expect(loadSuite(filled).suite.tasks).toHaveLength(23);

      // and runs: an agent that calls the calculator for everything but the lullaby passes the calculator's task, the
      // negative (no tool called) and the two-tool task (answered "done"), and fails the other two tools' tasks
      const agent = await startOpenAiDouble((body) => {
        if (turnOf(body) > 0) return finalAnswer('done');
        const prompt = String(body.messages.find((m) => m.role === 'user')?.content);
        return /lullaby/.test(prompt) ? finalAnswer('La la la.') : callTool('calculator', { expression: '1 + 1' });
      });
      try {
        const args = ['run', '--suite', filled, '--split', 'test', '--agent', 'llm', '--model', 'm', '--db', join(dir, 'run.db'), '--json'];
        const run = await tdo(args, { OPENAI_BASE_URL: agent.baseURL, OPENAI_API_KEY: 'k' });
        expect(run.code, run.stderr).toBe(0);
        expect(JSON.parse(run.stdout)).toMatchObject({ episodes: 5, judged: 5, success_rate: 0.6 });
      } finally {
        await agent.close();
      }
    },
  );

  it('refuses too few requests per tool, a missing model and a tool it may not call, naming what to fix', async () => {
    const env = { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'k' };
    const few = await tdo(['suite', 'draft', '--generate', '3', '--model', 'm', '--suite', 'lab'], env);
    expect(few.code).toBe(2);
    expect(few.stderr).toContain('--generate 3: each tool needs at least 5 requests (two in train, one each in val, test and paraphrase)');
    const modelless = await tdo(['suite', 'draft', '--generate', '5', '--suite', 'lab'], env);
    expect(modelless.code).toBe(2);
    expect(modelless.stderr).toContain('--generate needs --model NAME');
    const unknown = await tdo([...draft(join(dir, 'unknown.yaml'), '--call-tools', 'delete_everything'), '--dry-run'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--call-tools names delete_everything, which the servers do not list (they list calculator, read_file, unit_convert)');
  });

  it('writes nothing over an existing file without --force', async () => {
    const out = join(dir, 'kept.yaml');
    writeFileSync(out, 'mine\n');
    const run = await tdo(draft(out), { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'k' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${out} exists; --force overwrites it`);
    expect(readFileSync(out, 'utf8')).toBe('mine\n');
  });

  it('ends an outage with exit 3 and its cause, writing nothing: an endpoint that is down, or that answers 500', { timeout: 120_000 }, async () => {
    const down = join(dir, 'down.yaml');
    // port 9 (discard) has no listener here
    const refused = await tdo([...draft(down), '--db', join(dir, 'b.db')], { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'k' });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('Cannot reach the model endpoint http://127.0.0.1:9/v1');
    expect(existsSync(down)).toBe(false);

    // the first call is answered, the second fails for good: still nothing is written
    const double = await startOpenAiDouble((body, index) => (index === 0 ? draftingModel(body) : httpStatus(500)));
    try {
      const failing = join(dir, 'failing.yaml');
      const run = await tdo([...draft(failing), '--db', join(dir, 'c.db')], { OPENAI_BASE_URL: double.baseURL, OPENAI_API_KEY: 'k' });
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/answered HTTP 500 .*\(after 3 retries\)/);
      expect(existsSync(failing)).toBe(false);
    } finally {
      await double.close();
    }
  });

  it('ends with exit 3 naming the model and what was wrong when its answers never parse', { timeout: 60_000 }, async () => {
    const double = await startOpenAiDouble(() => finalAnswer('Here are a few ideas for requests.'));
    try {
      const out = join(dir, 'prose.yaml');
      const run = await tdo([...draft(out), '--db', join(dir, 'd.db')], { OPENAI_BASE_URL: double.baseURL, OPENAI_API_KEY: 'k' });
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/the model "drafter" gave no usable answer for the requests for calculator in 3 attempts: the answer is not one JSON object/);
      expect(double.requests).toHaveLength(3);
      expect(existsSync(out)).toBe(false);
    } finally {
      await double.close();
    }
  });

  it('stops at a token cap before its next call, writing nothing', { timeout: 60_000 }, async () => {
    const double = await startOpenAiDouble(draftingModel);
    try {
      const out = join(dir, 'capped.yaml');
      const run = await tdo([...draft(out), '--max-tokens', '1', '--db', join(dir, 'e.db')], { OPENAI_BASE_URL: double.baseURL, OPENAI_API_KEY: 'k' });
      expect(run.code).toBe(130);
      expect(run.stderr).toContain('stopped at the token cap after 1 model call, before the requests for read_file; nothing was written');
      expect(double.requests).toHaveLength(1);
      expect(existsSync(out)).toBe(false);
    } finally {
      await double.close();
    }
  });

  it('--dry-run prints the estimate and calls nothing', async () => {
    const double = await startOpenAiDouble(draftingModel);
    try {
      const out = join(dir, 'dry.yaml');
      const run = await tdo([...draft(out), '--dry-run', '--json'], { OPENAI_BASE_URL: double.baseURL, OPENAI_API_KEY: 'k' });
      expect(run.code, run.stderr).toBe(0);
      const { estimate } = JSON.parse(run.stdout) as { estimate: { calls: number; tokens_in: number; cost: number | null } };
      expect(estimate.calls).toBe(5);
      expect(estimate.tokens_in).toBeGreaterThan(0);
      expect(estimate.cost).toBeNull();
      expect(double.requests).toHaveLength(0);
      expect(existsSync(out)).toBe(false);
    } finally {
      await double.close();
    }
  });
});
