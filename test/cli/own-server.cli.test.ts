// A user's own server from start to finish: `tdo init` on a server whose tools answer in text only, the marked
// values written (the second step of the end-to-end task takes the price the first looked up, via $from), then
// run, optimize and every command optimize prints next.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { tdo } from '../support/cli.ts';

const PRICE_SERVER = fileURLToPath(new URL('./fixtures/price-server.mjs', import.meta.url));

type Step = { intent: string; args?: Record<string, unknown>; tools: string[] };
type Task = { id: string; prompt: string; plan: Step[]; check: Record<string, unknown> };

/** What the server's author writes: a request per tool, and a job whose price only the server knows. */
const REQUESTS: Record<string, [prompt: string, intent: string]> = {
  'price/lookup_price': ['How much is a bag of cement?', 'what does a bag of cement cost'],
  'price/multiply': ['What do 14 boxes at 6 euros each cost together?', '14 boxes at 6 euros each, what do they cost together'],
  'price/add': ['What is 17 plus 25?', 'add 17 and 25'],
};

function fill(task: Task): Task {
  if (task.id === 'end-to-end') {
    return {
      ...task,
      prompt: 'What do 3 oak planks cost?',
      plan: [
        { ...task.plan[0]!, intent: 'find the price of an oak plank', args: { item: 'oak plank' } },
        // lookup_price answers "oak plank: 12.50 EUR per unit": multiply's number parameter takes the 12.5 in it
        { intent: 'multiply that price by three', args: { a: { $from: 1 }, b: 3 }, tools: ['price/multiply'] },
      ],
      check: { kind: 'answer', expected: 37.5, tolerance: 0.001 },
    };
  }
  const [prompt, intent] = REQUESTS[task.plan[0]!.tools[0]!]!;
  return { ...task, prompt, plan: [{ ...task.plan[0]!, intent }] };
}

describe('tdo on a server of your own', () => {
  it('init, fill the marked values, run, optimize, and every next step optimize prints runs with exit 0', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-own-'));
    const init = await tdo(['init', '--server', 'price', '--', process.execPath, PRICE_SERVER], {}, dir);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain('server price: 3 tools: lookup_price, multiply, add');

    const file = join(dir, 'suites', 'price.yaml');
    const text = readFileSync(file, 'utf8');
    const suite = parse(text) as { tasks: Task[] };
    const header = text
      .split('\n')
      .filter((l) => l.startsWith('#'))
      .join('\n');
    // An author adds requests of their own beside the scaffold's: the optimizer names only words (units too) that
    // came up in two training tasks or more.
    const more = [
      ['choose-multiply-again', 'What do 5 bags at 4 euros each cost together?', '5 bags at 4 euros each, what do they cost together'],
      ['choose-multiply-tiles', 'What do 8 tiles at 3 euros each cost together?', '8 tiles at 3 euros each, what do they cost together'],
    ].map(([id, prompt, intent]) => ({
      id,
      split: 'train',
      prompt,
      plan: [{ intent, tools: ['price/multiply'] }],
      check: { kind: 'selection' },
      stopAfterToolCall: true,
    }));
    writeFileSync(file, `${header}\n${stringify({ ...suite, tasks: [...suite.tasks.map(fill), ...more] })}`);

    const run = await tdo(['run', '--suite', 'suites/price.yaml', '--json'], {}, dir);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'completed', episodes: 6, errors: 0 });

    const optimized = await tdo(['optimize', '--suite', 'suites/price.yaml', '--server', 'price', '--budget', '40'], {}, dir);
    expect(optimized.code, optimized.stderr).toBe(0);
    const steps = [...optimized.stdout.matchAll(/^ {2}`tdo ([^`]+)`/gm)].map((m) => m[1]!.split(' '));
    expect(
      steps.map((s) => s[0]),
      optimized.stdout,
    ).toEqual(['diff', 'experiment', 'run', 'traces']);
    for (const args of steps) {
      const r = await tdo(args, {}, dir);
      expect(r.code, `tdo ${args.join(' ')}: ${r.stderr}`).toBe(0);
    }

    // $from in a real episode: wherever the sim chose multiply for step 2 (every run here is seeded the same way,
    // but the winner's run reads other descriptions), it multiplied the price step 1 looked up
    const episodes = JSON.parse((await tdo(['traces', 'list', '--limit', '1000', '--json'], {}, dir)).stdout) as Array<{
      id: string;
      task_id: string;
      answer: string;
      success: boolean;
    }>;
    const shows = await Promise.all(
      episodes
        .filter((e) => e.task_id === 'end-to-end')
        .map(async (e) => ({
          episode: e,
          shown: JSON.parse((await tdo(['traces', 'show', e.id, '--json'], {}, dir)).stdout) as {
            steps: Array<{ kind: string; tool?: string; args?: unknown }>;
          },
        })),
    );
    const chained = shows.filter(({ shown }) => shown.steps.some((s) => s.kind === 'tool' && s.tool === 'multiply'));
    expect(chained.length, JSON.stringify(shows.map(({ episode, shown }) => [episode.answer, shown.steps.map((s) => [s.kind, s.tool])]))).toBeGreaterThan(0);
    for (const { episode, shown } of chained) {
      expect(episode).toMatchObject({ answer: '37.5', success: true });
      expect(shown.steps.filter((s) => s.kind === 'tool').map((s) => [s.tool, s.args])).toEqual([
        ['lookup_price', { item: 'oak plank' }],
        ['multiply', { a: 12.5, b: 3 }],
      ]);
    }
  });

  it('stops a sim run or optimize, naming each task without a plan, before anything runs (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-own-'));
    const ask = (id: string, split: string, plan?: Step[]) => ({
      id,
      split,
      prompt: 'What is 6 times 7?',
      ...(plan === undefined ? {} : { plan }),
      check: { kind: 'answer', expected: 42 },
    });
    const multiply: Step[] = [{ intent: 'multiply 6 by 7', args: { a: 6, b: 7 }, tools: ['price/multiply'] }];
    const file = join(dir, 'llm-only.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'llm-only',
        systemPrompt: 'Help.',
        servers: [{ name: 'price', command: process.execPath, args: [PRICE_SERVER] }],
        tasks: [ask('planned', 'train', multiply), ask('ask-llm', 'val'), ask('ask-llm-too', 'val')],
      }),
    );
    const db = join(dir, 'tdo.db');
    for (const args of [
      ['run', '--suite', file, '--db', db],
      ['optimize', '--suite', file, '--server', 'price', '--budget', '50', '--db', db],
    ]) {
      const r = await tdo(args, {}, dir);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('suite "llm-only": the sim agent walks each task\'s plan, and tasks "ask-llm", "ask-llm-too" have none');
    }
    // the split it runs has a plan for every task
    expect((await tdo(['run', '--suite', file, '--split', 'train', '--db', db], {}, dir)).code).toBe(0);
  });
});
