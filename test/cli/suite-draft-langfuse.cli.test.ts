// `tdo suite draft --from-run` on an agent's sessions brought in from Langfuse: the agent (tdo's LLM agent against
// a scripted model) answers users' requests, rephrased duplicates among them, with the lab server's tools; its
// traces go to the local Langfuse double, are imported into another store and drafted from; the draft, its FILL
// marks written as an author would, loads and runs with the sim agent.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { tdo } from '../support/cli.ts';
import { fillMarks } from '../support/fill-marks.ts';
import { LangfuseReceiver } from '../support/langfuse-receiver.ts';
import { callTool, finalAnswer, startOpenAiDouble, turnOf, type ChatRequestBody, type OpenAiDouble } from '../support/openai-double.ts';

interface Request {
  prompt: string;
  calls: Array<{ name: string; args: Record<string, unknown> }>;
  answer: string;
}

const times: Request['calls'] = [{ name: 'calculator', args: { expression: '12 * 7' } }];
const miles: Request['calls'] = [{ name: 'unit_convert', args: { value: 5, from: 'mi', to: 'km' } }];
const rent: Request['calls'] = [{ name: 'calculator', args: { expression: '1200 / 3' } }];
const pounds: Request['calls'] = [{ name: 'unit_convert', args: { value: 8.4, from: 'lb', to: 'kg' } }];

/** What users asked the agent, in order: two requests asked again in nearly the same words, one in other words. */
const REQUESTS: Request[] = [
  { prompt: 'What is 12 times 7?', calls: times, answer: '12 times 7 is 84.' },
  { prompt: 'Convert 5 miles to km', calls: miles, answer: '5 miles is 8.05 km.' },
  { prompt: "what's 12 times 7", calls: times, answer: 'It is 84.' },
  { prompt: 'Split a rent of 1200 between 3 roommates', calls: rent, answer: 'Each pays 400.' },
  { prompt: 'Could you please convert 5 miles to km?', calls: miles, answer: 'That is 8.05 km.' },
  { prompt: 'How far is 5 miles in kilometres?', calls: miles, answer: 'About 8.05 km.' },
  { prompt: 'Change 8.4 lb to kilos', calls: pounds, answer: '8.4 lb is 3.81 kg.' },
];

/** The user's model: for each request, its calls in turn, then its answer. */
function userModel(body: ChatRequestBody) {
  const prompt = body.messages.find((m) => m.role === 'user')!.content;
  const request = REQUESTS.find((r) => r.prompt === prompt)!;
  const call = request.calls[turnOf(body)];
  return call === undefined ? finalAnswer(request.answer) : callTool(call.name, call.args);
}

const dir = mkdtempSync(join(tmpdir(), 'tdo-draft-langfuse-'));
const draftDb = join(dir, 'draft.db');
let receiver: LangfuseReceiver;
let model: OpenAiDouble;
let importedRun: string;

/** The suite the user's agent ran: the lab server and the users' requests (its checks matter to no one here). */
function agentSuite(): string {
  const path = join(dir, 'agent.yaml');
  const tasks = REQUESTS.map((r, i) => ({ id: `request-${i + 1}`, split: 'train', prompt: r.prompt, check: { kind: 'answer', expected: 'x' } }));
  const servers = [{ name: 'lab', command: '${NODE}', args: ['${TDO_ROOT}/bin/tdo.js', 'serve', 'lab'] }];
  writeFileSync(path, stringify({ name: 'agent', systemPrompt: 'You answer with the lab tools.', servers, tasks }));
  return path;
}

beforeAll(async () => {
  receiver = await LangfuseReceiver.start();
  model = await startOpenAiDouble(userModel);
  const langfuse = { LANGFUSE_PUBLIC_KEY: receiver.config.publicKey, LANGFUSE_SECRET_KEY: receiver.config.secretKey, LANGFUSE_BASE_URL: receiver.baseUrl };
  const ran = await tdo(
    ['run', '--suite', agentSuite(), '--agent', 'llm', '--model', 'user-model', '--concurrency', '1', '--db', join(dir, 'agent.db'), '--json'],
    {
      ...langfuse,
      OPENAI_BASE_URL: model.baseURL,
      OPENAI_API_KEY: 'k',
    },
  );
  expect(ran.code, ran.stderr).toBe(0);
  const sourceRun = (JSON.parse(ran.stdout) as { run_id: string }).run_id;
  const imported = await tdo(['traces', 'import', '--from', 'langfuse', '--session', sourceRun, '--db', draftDb, '--json'], langfuse);
  expect(imported.code, imported.stderr).toBe(0);
  importedRun = (JSON.parse(imported.stdout) as { runs: Array<{ run_id: string; added: number }> }).runs[0]!.run_id;
});
afterAll(async () => {
  await model.close();
  await receiver.close();
});

describe('tdo suite draft --from-run on runs imported from Langfuse', () => {
  const out = join(dir, 'suites', 'drafted.yaml');

  it('drafts one task per distinct request, merges the rephrased duplicates and says what each tool got in each split', async () => {
    const drafted = await tdo(['suite', 'draft', '--from-run', importedRun, '--db', draftDb, '--out', out, '--json']);
    expect(drafted.code, drafted.stderr).toBe(0);
    const report = JSON.parse(drafted.stdout) as {
      tasks: number;
      requests: number;
      merged: number;
      target: string;
      tools: Array<{ tool: string; tasks: Record<string, number> }>;
      task_splits: Array<{ id: string; split: string }>;
    };
    expect([report.tasks, report.requests, report.merged, report.target]).toEqual([5, 7, 2, 'lab']);
    expect(report.task_splits).toEqual([
      { id: '12-times-7', split: 'train' },
      { id: 'convert-5-miles-km', split: 'train' },
      { id: 'split-rent-1200-3', split: 'val' },
      { id: 'far-5-miles-kilometres', split: 'paraphrase' },
      { id: 'change-8-4-lb', split: 'val' },
    ]);
    expect(report.tools).toEqual([
      { tool: 'lab/calculator', tasks: { train: 1, val: 1, test: 0, paraphrase: 0 } },
      { tool: 'lab/unit_convert', tasks: { train: 1, val: 1, test: 0, paraphrase: 1 } },
    ]);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain(`#   "what's 12 times 7"`);
    expect(text).toContain('#   "Could you please convert 5 miles to km?"');
    expect(text).toContain('The same calls as task convert-5-miles-km, asked in other words: a paraphrase of it.');
  });

  it('prints the counts per tool and split, and the tools a split has none of', async () => {
    const drafted = await tdo(['suite', 'draft', '--from-run', importedRun, '--db', draftDb, '--out', join(dir, 'again.yaml')]);
    expect(drafted.code, drafted.stderr).toBe(0);
    expect(drafted.stdout).toContain('5 tasks from 7 requests in 1 run (2 requests merged into an earlier task');
    expect(drafted.stdout).toContain('  lab/calculator: 1/1/0/0');
    expect(drafted.stdout).toContain('no task in test: lab/calculator, lab/unit_convert');
  });

  it('loads and runs with the sim agent once the FILL marks are written, and not before', async () => {
    const before = await tdo(['run', '--suite', out, '--db', join(dir, 'unfilled.db')]);
    expect(before.code).toBe(2);
    expect(before.stderr).toMatch(/still has \d+ values marked "FILL:"/);
    const draft = parse(readFileSync(out, 'utf8')) as { tasks: Array<{ prompt: string }> };
    const filledPath = join(dir, 'suites', 'filled.yaml');
    // the agent's answers held the right numbers: the author writes each as the expected answer
    const answers = ['84', '8.05', '400', '8.05', '3.81'];
    writeFileSync(filledPath, stringify(fillMarks(draft, (_mark, path) => answers[Number(path.split('.')[1])])));
    const ran = await tdo(['run', '--suite', filledPath, '--agent', 'sim', '--db', join(dir, 'filled.db'), '--json']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ status: 'completed', episodes: 5 });
  });

  it('writes over no file without --force, names an unknown run, and writes YAML only', async () => {
    const again = await tdo(['suite', 'draft', '--from-run', importedRun, '--db', draftDb, '--out', out]);
    expect([again.code, again.stderr]).toEqual([2, expect.stringContaining(`${out} exists; --force overwrites it`)]);
    const forced = await tdo(['suite', 'draft', '--from-run', importedRun, '--db', draftDb, '--out', out, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    const unknown = await tdo(['suite', 'draft', '--from-run', 'r-00000000', '--db', draftDb, '--out', join(dir, 'none.yaml')]);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining(`no run "r-00000000" in ${draftDb}`)]);
    const json = await tdo(['suite', 'draft', '--from-run', importedRun, '--db', draftDb, '--out', join(dir, 'draft.json')]);
    expect([json.code, json.stderr]).toEqual([2, expect.stringContaining('name the file .yaml or .yml')]);
  });
});
