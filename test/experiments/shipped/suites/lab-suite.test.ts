import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { countCues } from '../../../../src/text/cues.ts';
import { terms } from '../../../../src/text/words.ts';
import { numbersIn } from '../../../../src/text/numbers.ts';
import { isStepReference, suiteSchema, type Task } from '../../../../src/suite/schema.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const WORKSPACE = resolve(ROOT, 'servers/lab/workspace');
const readJson = (path: string): Record<string, string> => JSON.parse(readFileSync(resolve(ROOT, path), 'utf8'));

const suite = suiteSchema.parse(parseYaml(readFileSync(resolve(ROOT, 'experiments/shipped/suites/lab.yaml'), 'utf8')));
const labTools = Object.keys(readJson('servers/lab/descriptions.json'));
const labplusTools = Object.keys(readJson('servers/labplus/descriptions.json'));
const KINDS = ['arithmetic', 'conversion', 'read-compute', 'read-convert', 'read-compute-convert'] as const;

/**
 * A tiny evaluator for the suite's own expressions (numbers, + - * / **, parentheses), written apart
 * from the lab server's so the expected answers are checked by an independent reading.
 */
function evaluate(expression: string): number {
  const tokens = expression.match(/\d+(?:\.\d+)?|\*\*|[-+*/()]|\S/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const take = (expected?: string) => {
    const token = tokens[at++];
    if (token === undefined || (expected !== undefined && token !== expected)) throw new Error(`bad expression "${expression}" at token ${at}`);
    return token;
  };
  const sum = (): number => {
    let value = product();
    while (peek() === '+' || peek() === '-') value = take() === '+' ? value + product() : value - product();
    return value;
  };
  const product = (): number => {
    let value = power();
    while (peek() === '*' || peek() === '/') value = take() === '*' ? value * power() : value / power();
    return value;
  };
  const power = (): number => {
    const base = atom();
    return peek() === '**' ? (take(), base ** power()) : base;
  };
  const atom = (): number => {
    if (peek() === '(') {
      take('(');
      const value = sum();
      take(')');
      return value;
    }
    const token = take();
    if (!/^\d/.test(token)) throw new Error(`bad expression "${expression}": unexpected "${token}"`);
    return Number(token);
  };
  const value = sum();
  if (at !== tokens.length) throw new Error(`bad expression "${expression}": trailing "${tokens.slice(at).join(' ')}"`);
  return value;
}

/** Exact factors to each dimension's base unit (m, g, s); temperatures go through kelvin. */
const LINEAR: Record<string, number> = {
  mm: 0.001,
  cm: 0.01,
  m: 1,
  km: 1000,
  in: 0.0254,
  ft: 0.3048,
  yd: 0.9144,
  mi: 1609.344,
  mg: 0.001,
  g: 1,
  kg: 1000,
  t: 1e6,
  oz: 28.349523125,
  lb: 453.59237,
  ms: 0.001,
  s: 1,
  min: 60,
  h: 3600,
  day: 86_400,
  week: 604_800,
};
const DIMENSION: Record<string, string> = Object.fromEntries([
  ...['mm', 'cm', 'm', 'km', 'in', 'ft', 'yd', 'mi'].map((u) => [u, 'length']),
  ...['mg', 'g', 'kg', 't', 'oz', 'lb'].map((u) => [u, 'mass']),
  ...['ms', 's', 'min', 'h', 'day', 'week'].map((u) => [u, 'time']),
  ...['C', 'F', 'K'].map((u) => [u, 'temperature']),
]);
const TO_KELVIN: Record<string, (v: number) => number> = { C: (c) => c + 273.15, F: (f) => ((f - 32) * 5) / 9 + 273.15, K: (k) => k };
const FROM_KELVIN: Record<string, (k: number) => number> = { C: (k) => k - 273.15, F: (k) => ((k - 273.15) * 9) / 5 + 32, K: (k) => k };

function convert(value: number, from: string, to: string): number {
  if (DIMENSION[from] === undefined || DIMENSION[to] === undefined) throw new Error(`unknown unit ${from} or ${to}`);
  if (DIMENSION[from] !== DIMENSION[to]) throw new Error(`cannot convert ${from} to ${to}`);
  if (DIMENSION[from] === 'temperature') return FROM_KELVIN[to]!(TO_KELVIN[from]!(value));
  return (value * LINEAR[from]!) / LINEAR[to]!;
}

const BINARY_OPERATION = /^\s*\d+(?:\.\d+)?\s*[-+*/]\s*\d+(?:\.\d+)?\s*$/;
const kindOf = (task: Task) => task.tags.find((tag): tag is (typeof KINDS)[number] => (KINDS as readonly string[]).includes(tag));
const stepsUsing = (tool: string) => suite.tasks.flatMap((task) => task.plan.filter((step) => step.tools.includes(tool)).map((step) => ({ task, step })));
const answerCheckOf = (task: Task): { expected: number; tolerance: number } => {
  if (task.check.kind !== 'answer' || typeof task.check.expected !== 'number') throw new Error(`${task.id}: the lab suite checks numbers`);
  return { expected: task.check.expected, tolerance: task.check.tolerance };
};
const expectedOf = (task: Task) => answerCheckOf(task).expected;
/** What step `index` of a plan computes; a `{$from: N}` value is what step N computed. */
const stepResult = (plan: Task['plan'], index: number): number => {
  const { tools, args } = plan[index]!;
  if (!tools.includes('unit_convert')) return evaluate(args.expression as string);
  const value = isStepReference(args.value) ? stepResult(plan, args.value.$from - 1) : (args.value as number);
  return convert(value, args.from as string, args.to as string);
};

describe('the lab suite file', () => {
  it('is a valid suite that connects lab and labplus and targets lab', () => {
    expect(suite.name).toBe('lab');
    expect(suite.servers.map((s) => s.name)).toEqual(['lab', 'labplus']);
    expect(suite.targetServer).toBe('lab');
  });

  it('has at least 16 tasks in each split, 60 in all, with unique kebab-case ids', () => {
    expect(suite.tasks.length).toBeGreaterThanOrEqual(60);
    for (const split of ['train', 'val', 'test'] as const) {
      expect(suite.tasks.filter((t) => t.split === split).length, split).toBeGreaterThanOrEqual(16);
    }
    const ids = suite.tasks.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('tags every task with one kind and spreads each kind evenly over the splits', () => {
    for (const task of suite.tasks) expect(kindOf(task), task.id).toBeDefined();
    for (const kind of KINDS) {
      const perSplit = ['train', 'val', 'test'].map((split) => suite.tasks.filter((t) => t.split === split && kindOf(t) === kind).length);
      expect(Math.max(...perSplit) - Math.min(...perSplit), `${kind}: ${perSplit.join('/')}`).toBeLessThanOrEqual(1);
      expect(Math.min(...perSplit), kind).toBeGreaterThan(0);
    }
  });

  it('gives each kind the plan shape its name promises', () => {
    const shapes: Record<(typeof KINDS)[number], string[]> = {
      arithmetic: ['calculator'],
      conversion: ['unit_convert'],
      'read-compute': ['read_file', 'calculator'],
      'read-convert': ['read_file', 'unit_convert'],
      'read-compute-convert': ['read_file', 'calculator', 'unit_convert'],
    };
    for (const task of suite.tasks)
      expect(
        task.plan.map((s) => s.tools[0]),
        task.id,
      ).toEqual(shapes[kindOf(task)!]);
  });

  it('labels steps only with tools the lab and labplus servers have, and gives each tool its own parameters', () => {
    const known = new Set([...labTools, ...labplusTools]);
    const parameters: Record<string, string[]> = { calculator: ['expression'], read_file: ['path'], unit_convert: ['from', 'to', 'value'] };
    for (const { id, plan } of suite.tasks) {
      for (const step of plan) {
        for (const tool of step.tools) expect(known.has(tool), `${id}: ${tool}`).toBe(true);
        expect(Object.keys(step.args).sort(), `${id}: ${step.intent}`).toEqual(parameters[step.tools[0]!]);
      }
    }
  });

  it('reads only files that exist in the lab workspace', () => {
    const reads = stepsUsing('read_file');
    expect(reads.length).toBeGreaterThan(0);
    for (const { task, step } of reads) {
      const file = resolve(WORKSPACE, step.args.path as string);
      expect(dirname(file), task.id).toBe(WORKSPACE);
      expect(existsSync(file) && statSync(file).isFile(), `${task.id}: ${file}`).toBe(true);
    }
  });

  it('lists smart_compute exactly on the steps that are one operation on two literal numbers', () => {
    for (const { task, step } of stepsUsing('calculator')) {
      expect(typeof step.args.expression, task.id).toBe('string');
      expect(step.tools.includes('smart_compute'), `${task.id}: ${step.args.expression}`).toBe(BINARY_OPERATION.test(step.args.expression as string));
    }
    for (const { task, step } of stepsUsing('smart_compute')) expect(step.tools, task.id).toContain('calculator');
  });

  it('converts only between canonical units of one dimension', () => {
    for (const { task, step } of stepsUsing('unit_convert')) {
      expect(typeof step.args.value === 'number' || isStepReference(step.args.value), task.id).toBe(true);
      expect(() => stepResult(task.plan, task.plan.indexOf(step)), task.id).not.toThrow();
    }
  });

  it('expects exactly what the last step of each reference plan computes', () => {
    for (const task of suite.tasks) {
      const last = stepResult(task.plan, task.plan.length - 1);
      expect(Math.abs(last - expectedOf(task)), `${task.id}: ${last} vs ${expectedOf(task)}`).toBeLessThanOrEqual(answerCheckOf(task).tolerance / 10);
    }
  });

  it('converts in the last step the very number the compute step produced, taken from its result', () => {
    for (const task of suite.tasks.filter((t) => kindOf(t) === 'read-compute-convert')) {
      expect(task.plan[2]!.args.value, task.id).toEqual({ $from: 2 });
    }
  });

  it('converts in read-convert tasks a number written in the file it read', () => {
    for (const task of suite.tasks.filter((t) => kindOf(t) === 'read-convert')) {
      const [read, conversion] = task.plan;
      const text = readFileSync(resolve(WORKSPACE, read!.args.path as string), 'utf8');
      expect(numbersIn(text), task.id).toContain(conversion!.args.value);
    }
  });

  it('keeps tolerances small enough to tell a near miss from the answer', () => {
    for (const task of suite.tasks) {
      expect(answerCheckOf(task).tolerance, task.id).toBeGreaterThan(0);
      expect(answerCheckOf(task).tolerance, task.id).toBeLessThanOrEqual(Math.max(0.01, Math.abs(expectedOf(task)) * 1e-3));
      expect(answerCheckOf(task).tolerance, task.id).toBeLessThan(1);
    }
  });

  it('never gives the answer away in an intent or a prompt', () => {
    for (const task of suite.tasks) {
      const texts = [task.prompt, ...task.plan.map((s) => s.intent)];
      for (const text of texts) {
        const leaked = numbersIn(text).filter((n) => Math.abs(n - expectedOf(task)) <= answerCheckOf(task).tolerance);
        expect(leaked, `${task.id}: "${text}"`).toEqual([]);
      }
    }
  });

  it('keeps the seed task: notes.txt summed to 69504, in val', () => {
    const notes = suite.tasks.find((t) => t.id === 'notes-sum');
    expect(notes).toMatchObject({ split: 'val', prompt: 'Read notes.txt and sum the numbers in it.', check: { expected: 69504 } });
    expect(notes!.plan.map((s) => s.args)).toEqual([{ path: 'notes.txt' }, { expression: '48000 + 9500 + 12000 + 4' }]);
    expect(answerCheckOf(notes!).tolerance).toBeLessThan(4); // leaving out the 4 attendees must fail
    expect(readFileSync(resolve(WORKSPACE, 'notes.txt'), 'utf8')).toBe(
      'Meeting memo, 2026-09-01\nAttendees: 4\nPizza budget: 48000\nDrinks: 9500\nReimbursed so far: 12000\nSum the numbers above to get the total the agent should report.\n',
    );
  });
});

/** A task's texts a reader sees: the prompt (an LLM agent) and every step's intent (the sim agent). */
const textsOf = (task: Task) => [task.prompt, ...task.plan.map((s) => s.intent)];
/** Sentences, lowercased, without their closing punctuation. */
const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.?!:;])\s+/)
    .map((s) =>
      s
        .toLowerCase()
        .replace(/[.?!:;,]+$/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((s) => s.length > 0);
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9.'°$]+/)
    .filter((w) => w.length > 0);
const nGrams = (text: string, n: number) => {
  const w = wordsOf(text);
  return Array.from({ length: Math.max(0, w.length - n + 1) }, (_, i) => w.slice(i, i + n).join(' '));
};
/** Share of the split's intent terms (stemmed content words, counted with repeats) that train intents also use. */
const shareOfTrainTerms = (split: string) => {
  const train = new Set(suite.tasks.filter((t) => t.split === 'train').flatMap((t) => t.plan.flatMap((s) => terms(s.intent))));
  const own = suite.tasks.filter((t) => t.split === split).flatMap((t) => t.plan.flatMap((s) => terms(s.intent)));
  return own.filter((term) => train.has(term)).length / own.length;
};

describe('the paraphrase split', () => {
  const paraphrase = suite.tasks.filter((t) => t.split === 'paraphrase');
  const others = suite.tasks.filter((t) => t.split !== 'paraphrase');

  it('has at least 24 tasks in the kind mix of the other splits, scaled', () => {
    expect(paraphrase.length).toBeGreaterThanOrEqual(24);
    const counts = Object.fromEntries(KINDS.map((kind) => [kind, paraphrase.filter((t) => kindOf(t) === kind).length]));
    for (const kind of KINDS) {
      const split = suite.tasks.filter((t) => t.split === 'test');
      const scaled = (split.filter((t) => kindOf(t) === kind).length * paraphrase.length) / split.length;
      expect(Math.abs(counts[kind]! - scaled), `${kind}: ${counts[kind]} for ${scaled.toFixed(2)} (${JSON.stringify(counts)})`).toBeLessThan(1);
    }
    expect(counts).toEqual({ arithmetic: 8, conversion: 7, 'read-compute': 3, 'read-convert': 3, 'read-compute-convert': 3 });
  });

  it('reuses no sentence of another split, whole or inside a longer one, and copies no four-word phrase', () => {
    const otherSentences = others.flatMap(textsOf).flatMap(sentencesOf);
    const otherPhrases = new Set(others.flatMap(textsOf).flatMap((text) => nGrams(text, 4)));
    for (const task of paraphrase) {
      for (const sentence of textsOf(task).flatMap(sentencesOf)) {
        const clashes = otherSentences.filter((o) => o === sentence || o.includes(sentence) || sentence.includes(o));
        expect(clashes, `${task.id}: "${sentence}"`).toEqual([]);
      }
      for (const text of textsOf(task))
        expect(
          nGrams(text, 4).filter((g) => otherPhrases.has(g)),
          `${task.id}: "${text}"`,
        ).toEqual([]);
    }
  });

  it("words its intents with far fewer of the train intents' content words than the test split does", () => {
    const [paraphraseShare, testShare] = [shareOfTrainTerms('paraphrase'), shareOfTrainTerms('test')];
    console.log(`share of intent terms that train intents also use: paraphrase ${paraphraseShare.toFixed(3)}, test ${testShare.toFixed(3)}`);
    // measured: paraphrase 0.020, test 0.418 (val 0.384)
    expect(testShare).toBeGreaterThan(0.3);
    expect(paraphraseShare).toBeLessThan(0.1);
    expect(paraphraseShare).toBeLessThan(testShare / 4);
  });
});

describe('the evaluators this test checks the suite with', () => {
  it('follow the usual precedence and reject what is not arithmetic', () => {
    expect(evaluate('2 + 3 * 4 ** 2 / 8')).toBe(8);
    expect(evaluate('2 ** 3 ** 2')).toBe(512);
    expect(evaluate('(1.5 ** 2 + 4 ** 2) ** 0.5')).toBeCloseTo(4.272001872658765, 12);
    expect(() => evaluate('48,000 + 1')).toThrow(/bad expression/);
    expect(() => evaluate('(1 + 2')).toThrow(/bad expression/);
    expect(() => evaluate('notes.txt')).toThrow(/bad expression/);
  });

  it('convert with exact factors and refuse mixed dimensions', () => {
    expect(convert(26.2, 'mi', 'km')).toBeCloseTo(42.1648128, 9);
    expect(convert(212, 'F', 'C')).toBeCloseTo(100, 9);
    expect(convert(1, 'lb', 'oz')).toBeCloseTo(16, 9);
    expect(() => convert(1, 'kg', 'km')).toThrow(/cannot convert/);
    expect(() => convert(1, 'stone', 'kg')).toThrow(/unknown unit/);
  });
});

describe('the accurate description fixtures', () => {
  const sets = [
    { file: 'test/fixtures/lab-accurate-descriptions.json', tools: labTools },
    { file: 'test/fixtures/labplus-accurate-descriptions.json', tools: labplusTools },
  ];

  it.each(sets)('$file describes exactly the tools its server has, without promotional cues', ({ file, tools }) => {
    const descriptions = readJson(file);
    expect(Object.keys(descriptions).sort()).toEqual([...tools].sort());
    for (const [tool, text] of Object.entries(descriptions)) {
      expect(text.trim().length, tool).toBeGreaterThan(40);
      const { example: _usageExamplesAreNotPromotion, ...promotional } = countCues(text);
      expect(
        Object.values(promotional).every((n) => n === 0),
        `${tool}: ${text}`,
      ).toBe(true);
      expect(text, tool).toMatch(/\bdoes not\b/);
    }
  });

  it('tells the truth about smart_compute: one operation on two numbers, no files, no units', () => {
    const { smart_compute: text } = readJson('test/fixtures/labplus-accurate-descriptions.json');
    expect(text).toMatch(/single operation/);
    expect(text).toMatch(/exactly two numbers/);
    expect(text).toMatch(/does not read files/);
    expect(text).toMatch(/does not convert units/);
  });

  it('says what each lab tool is not for', () => {
    const lab = readJson('test/fixtures/lab-accurate-descriptions.json');
    expect(lab.calculator).toMatch(/does not read files and does not convert units/);
    expect(lab.read_file).toMatch(/does not convert units/);
    expect(lab.unit_convert).toMatch(/does not read files/);
  });
});
