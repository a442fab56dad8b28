// Issue 34, finding 3: every function that reads text from outside (descriptions, tool results, names, task text)
// must do work linear in it. Each case is a text built against the pattern the function used to run, which took
// seconds at the larger size (quadratic); the test times it at n and 32n characters side by side: linear work grows
// 32 times (more where the small run fits a cache, and a run under a millisecond counts as one), quadratic work 1,024
// times.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countCues } from '../../../src/text/cues.ts';
import { splitLimitClauses, statesLimit } from '../../../src/text/limits.ts';
import { trimTrailing } from '../../../src/text/trailing.ts';
import { words } from '../../../src/text/words.ts';
import { checkSelection } from '../../../src/checks/selection-check.ts';
import { checkAnswer } from '../../../src/checks/answer-check.ts';
import { assessToolUse } from '../../../src/run/episode-feedback.ts';
import { chooseFallback } from '../../../src/agents/sim/fallback.ts';
import { findInjectedBudget } from '../../../src/agents/sim/injection.ts';
import { terminalSafe } from '../../../src/text/terminal.ts';
import { brief } from '../../../src/text/brief.ts';
import { lintDescription } from '../../../experiments/review/lint/lint.ts';
import { removedLimits } from '../../../experiments/review/lint/rules/removed-limit.ts';
import { taskWordLists } from '../../../experiments/review/lint/rules/task-word-list.ts';
import { EMPTY_EXAMPLE } from '../../../experiments/review/lint/patterns.ts';
import { appendSentence, ended, sentences } from '../../../optimizer/proposers/sim/sentences.ts';
import { jobWords, listItems } from '../../../optimizer/proposers/sim/phrasing.ts';
import { isExampleSentence, readUseSentence } from '../../../optimizer/proposers/sim/sentence-forms.ts';
import type { Task } from '../../../src/suite/schema.ts';

const N = 2_000;
const GROWTH = 32;
/** Four times linear growth, for a loaded machine; an eighth of quadratic growth. */
const MAX_RATIO = 4 * GROWTH;
/** Runs faster than this are timer noise: the ratio is taken against it. */
const FLOOR_MS = 1;

/** The fastest of a few runs, in milliseconds. */
function fastest(run: () => unknown, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** The hostile text repeated to about `chars` characters. */
const repeated = (unit: string, chars: number) => unit.repeat(Math.ceil(chars / unit.length));

const task = (intent: string): Task =>
  ({ id: 't', prompt: intent, split: 'test', plan: [{ intent, tools: ['lab.calculator'], args: {} }], check: { kind: 'selection' } }) as unknown as Task;
const tool = { name: 'lab__calculator', server: 'lab', tool: 'calculator', description: '', inputSchema: { type: 'object' } };
const other = { ...tool, name: 'lab__search', tool: 'search' };
const ranked = [tool, other].map((t) => ({ name: t.name, score: 1, parts: {} })) as never;

/** Each function with a text of `chars` characters that made its old pattern quadratic. */
const CASES: Array<[string, (chars: number) => unknown]> = [
  ['countCues, a number run of commas (social proof)', (n) => countCues(repeated('0,', n))],
  ['countCues, a number and a long gap (social proof)', (n) => countCues(`1${' '.repeat(n)}x`)],
  ['splitLimitClauses, "use" without "instead"', (n) => splitLimitClauses(repeated('use ', n))],
  ['statesLimit, "use" without "instead"', (n) => statesLimit(repeated('use ', n), ['search'])],
  ['taskWordLists, a run of ends not at the end', (n) => taskWordLists(`${'!'.repeat(n)}x`)],
  ['taskWordLists, a label and a gap before a carriage return', (n) => taskWordLists(`a:${'\t'.repeat(n)}y\rz`)],
  ['taskWordLists, white space without a comma', (n) => taskWordLists(`a${'\t'.repeat(n)}x`)],
  ['removedLimits, ends and spaces not at the end', (n) => removedLimits('Numbers only.', `${repeated('., ', n)}x`)],
  ['lintDescription, "do not show" without a user', (n) => lintDescription('t', repeated("don't show ", n))],
  ['lintDescription, "hide" without "from the user"', (n) => lintDescription('t', repeated('hide ', n))],
  ['lintDescription, "e.g." and a gap', (n) => lintDescription('t', `e.g.${'\t'.repeat(n)}x`)],
  ['sim proposer sentences, closing quotes', (n) => sentences(repeated('"', n))],
  ['sim proposer sentences, tabs without a line break', (n) => sentences(`a${'\t'.repeat(n)}x`)],
  ['sim proposer ended, spaces before a comma not at the end', (n) => ended(`a${' '.repeat(n)}b,`)],
  ['sim proposer appendSentence, spaces before a comma', (n) => appendSentence(`a${' '.repeat(n)}b,`, 'More.')],
  ['sim proposer listItems, white space without "and"', (n) => listItems(`a${'\t'.repeat(n)}x`)],
  ['sim proposer jobWords, white space before a capital', (n) => jobWords(`x${' '.repeat(n)}`)],
  ['sim proposer readUseSentence, "such as" never closed', (n) => readUseSentence(`Use it when asked to d${repeated(' s such as s', n)}\u0000`)],
  ['sim proposer isExampleSentence, "returns" repeated', (n) => isExampleSentence(`For example, ${repeated(' returns ', n)}n`)],
  ['checkSelection, an intent of ends not at the end', (n) => checkSelection(task(`${'!'.repeat(n)}x`), [])],
  ['assessToolUse, an intent of ends not at the end', (n) => assessToolUse(task(`${'!'.repeat(n)}x`), [])],
  ['trimTrailing, ends not at the end', (n) => trimTrailing(`${'.'.repeat(n)}x`, '.!?')],
  // the path of a tool result through the sim agent and the checks (audited linear; kept so)
  ['words, a run of capitals', (n) => words('A'.repeat(n))],
  ['chooseFallback, an error of capitals', (n) => chooseFallback(ranked, [tool, other], tool.name, 'A'.repeat(n))],
  ['findInjectedBudget, "to" and a gap', (n) => findInjectedBudget(`budget raised to${' '.repeat(n)}x`)],
  ['checkAnswer, a spray of numbers', (n) => checkAnswer({ expected: 7, tolerance: 0, prompt: 'p' }, repeated('1,1 ', n))],
  ['checkAnswer, a long run of digits', (n) => checkAnswer({ expected: 7, tolerance: 0, prompt: 'p' }, `${'1'.repeat(n)}x`)],
  ['checkAnswer, a text answer', (n) => checkAnswer({ expected: 'oak plank', tolerance: 0, prompt: 'p' }, repeated('oak planko ', n))],
  ['brief, a result of many lines', (n) => brief(repeated('x\n', n))],
  ['terminalSafe, control characters', (n) => terminalSafe(repeated('\u001b]0;x\u0007', n))],
];

describe('functions reading outside text do linear work in it', () => {
  it.each(CASES)('%s', (_name, run) => {
    run(N); // warm up
    const small = fastest(() => run(N));
    const large = fastest(() => run(GROWTH * N));
    expect(large / Math.max(small, FLOOR_MS)).toBeLessThan(MAX_RATIO);
  });
});

describe('the linear readers mean what the patterns meant', () => {
  it('trimTrailing drops the given characters (and white space when asked) at the end only', () => {
    expect(trimTrailing('Do it. Now?!', '.?!')).toBe('Do it. Now');
    expect(trimTrailing('a, b ;. ', '.;,', { whitespace: true })).toBe('a, b');
    expect(trimTrailing('a, b ;. ', '.;,')).toBe('a, b ;. ');
    expect(trimTrailing('...', '.')).toBe('');
  });

  it('reads a use-for sentence as its pattern did', () => {
    expect(readUseSentence('Use it when asked to read or pull up files such as logs and budgets.')).toEqual({
      verbs: 'read or pull up',
      kind: 'files',
      nouns: 'logs and budgets',
    });
    expect(readUseSentence('Use it when asked to convert units.')).toEqual({ verbs: 'convert', kind: 'units' });
    expect(readUseSentence('Use it for questions about weather and tides.')).toEqual({ nouns: 'weather and tides' });
    expect(readUseSentence('Use it when asked to read files such as.')).toEqual({ verbs: 'read files such', kind: 'as' });
    for (const no of ['Use it when asked to read.', 'Use it for questions about.', 'Use it when asked to read files', 'Use it when\nasked to read files.'])
      expect(readUseSentence(no)).toBeUndefined();
  });

  it('tells an example sentence as its pattern did', () => {
    expect(isExampleSentence('For example, {"a": 1} returns 2.')).toBe(true);
    expect(isExampleSentence('For example,  returns .')).toBe(true);
    for (const no of ['For example, x returns 2', 'For example, x gives 2.', 'For example, returns 2.', 'For example, x returns\n2.'])
      expect(isExampleSentence(no)).toBe(false);
  });

  // the patterns they replace, as references on short texts of the characters each turns on
  const textOf = (...pieces: string[]) => fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((p) => p.join(''));
  const agree = <T>(text: fc.Arbitrary<string>, linear: (s: string) => T, pattern: (s: string) => T) =>
    fc.assert(
      fc.property(text, (t) => {
        expect(linear(t)).toEqual(pattern(t));
      }),
      { numRuns: 400 },
    );

  it('agree with the patterns they replace', () => {
    agree(
      textOf('.', '!', '?', ';', ' ', 'a'),
      (t) => trimTrailing(t, '.!?;'),
      (t) => t.replace(/[.!?;]+$/, ''),
    );
    const OLD_USE = /^Use it (?:when asked to (.+?) (\S+?)(?: such as (.+))?|for questions about (.+))\.$/;
    const useText = textOf(' ', 'a', 'b', '.', '\t', '\n', ' such as ', 'such', ' as', 'x y');
    agree(
      useText.map((t) => `Use it when asked to ${t}`),
      (t) => readUseSentence(t),
      (t) => {
        const m = OLD_USE.exec(t);
        return m === null ? undefined : { verbs: m[1], kind: m[2], ...(m[3] === undefined ? {} : { nouns: m[3] }) };
      },
    );
    agree(
      textOf(' ', 'a', '.', ' returns ', 'returns', '\n').map((t) => `For example,${t}`),
      isExampleSentence,
      (t) => /^For example, .* returns .*\.$/.test(t),
    );
    agree(textOf(',', ' ', '\t', 'and', 'or', 'a', 'x'), listItems, (t) =>
      t
        .split(/,\s*|\s+(?:and|or)\s+/)
        .map((i) => i.trim())
        .filter((i) => i !== ''),
    );
    const OLD_BREAK = /((?<=[.!?]["'”’)\]]*)[ \t]+|[ \t]*\n\s*)/;
    agree(textOf('.', '"', ')', ' ', '\t', '\n', 'a'), sentences, (t) =>
      t
        .trim()
        .split(OLD_BREAK)
        .filter((_, i) => i % 2 === 0 && _ !== ''),
    );
    agree(textOf(',', ';', ':', ' ', '.', 'a'), ended, (t) => {
      const trimmed = t.trimEnd();
      return /[.!?]["'”’)\]]*$/.test(trimmed) ? trimmed : `${trimmed.replace(/\s*[,;:]+$/, '')}.`;
    });
    const OLD_TRIGGER =
      /\b(?:(?<!\bor )not(?! only\b)|never|cannot|can't|can not|don't|doesn't|won't|isn't|aren't|unable to|instead of)\b|\buse\b[^.;!?\n]*\binstead\b/i;
    agree(
      textOf('use', 'Use', 'instead', 'not', ' ', '.', ',', 'a', ';', 'x'),
      (t) => splitLimitClauses(t).limits,
      (t) =>
        t.split(/(?<=[.;!?])\s+|\n+/).flatMap((sentence) => {
          const at = OLD_TRIGGER.exec(sentence)?.index;
          return at === undefined ? [] : [sentence.slice(at)];
        }),
    );
    const OLD_EMPTY = /\b(?:for example|for instance|e\.g\.|example:)\s*,?\s*`?(?:\{\s*\}|\[\s*\]|\(\s*\)|""|'')`?\s*(?:returns|gives|yields|->|=>|→)/gi;
    agree(
      textOf('e.g.', ' ', ',', '{', '}', '`', 'returns', 'a'),
      (t) => t.match(EMPTY_EXAMPLE),
      (t) => t.match(OLD_EMPTY),
    );
  });
});
