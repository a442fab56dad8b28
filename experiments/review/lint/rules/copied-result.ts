import type { LintRule } from '../lint-rule.ts';
import { CLIPPED_FRAGMENT } from '../patterns.ts';

interface Fragment {
  phrase: string;
  start: number;
  end: number;
}

/** copied-result, without results at hand: fragments cut off by a clip (see CLIPPED_FRAGMENT). */
function clippedFragments(text: string): Fragment[] {
  return CLIPPED_FRAGMENT.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => ({ phrase: m[0].trim(), start: m.index, end: m.index + m[0].length })));
}

/**
 * A run of at least this many words, and this many characters, found word for word in a tool's output is
 * copied from it: a sentence of a file, a record of a listing. Examples of calls ("returns 177.8 cm") and
 * names the tool shares with its outputs stay well below it.
 */
const MIN_COPIED_WORDS = 6;
const MIN_COPIED_CHARS = 30;
const WORD_TOKEN = /[\p{L}\p{N}]+/gu;
const resultGrams = new WeakMap<readonly string[], Set<string>>();

function gramsOf(results: readonly string[]): Set<string> {
  let grams = resultGrams.get(results);
  if (grams === undefined) {
    grams = new Set();
    for (const result of results) {
      const words = (result.toLowerCase().match(WORD_TOKEN) ?? []) as string[];
      for (let i = 0; i + MIN_COPIED_WORDS <= words.length; i++) grams.add(words.slice(i, i + MIN_COPIED_WORDS).join(' '));
    }
    resultGrams.set(results, grams);
  }
  return grams;
}

/** copied-result, with results at hand: the description's longest runs of words that a result holds verbatim. */
function copiedFragments(text: string, results: readonly string[] | undefined): Fragment[] {
  if (results === undefined || results.length === 0) return [];
  const grams = gramsOf(results);
  const tokens = [...text.matchAll(WORD_TOKEN)].map((m) => ({ word: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length }));
  const copied = new Array<boolean>(tokens.length).fill(false);
  for (let i = 0; i + MIN_COPIED_WORDS <= tokens.length; i++) {
    if (
      grams.has(
        tokens
          .slice(i, i + MIN_COPIED_WORDS)
          .map((t) => t.word)
          .join(' '),
      )
    )
      copied.fill(true, i, i + MIN_COPIED_WORDS);
  }
  const fragments: Fragment[] = [];
  for (let i = 0; i < tokens.length;) {
    if (!copied[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < tokens.length && copied[j + 1]) j++;
    const [start, end] = [tokens[i]!.start, tokens[j]!.end];
    if (end - start >= MIN_COPIED_CHARS) fragments.push({ phrase: text.slice(start, end), start, end });
    i = j + 1;
  }
  return fragments;
}

export const copiedResult = {
  id: 'copied-result',
  severity: 'warning',
  reported: 'the whole',
  gate: "no text copied from the tool's outputs, and no fragments of outputs cut off mid-word or mid-sentence",
  check: ({ text, context }) => {
    const clipped = clippedFragments(text);
    const copied = copiedFragments(text, context.toolResults)
      // one flag per fragment: a clipped copy is already reported
      .filter(({ start, end }) => !clipped.some((c) => c.start < end && start < c.end));
    return [
      ...clipped.map(({ phrase }) => ({ message: `"${phrase}" is a clipped fragment of a tool's output, cut off mid-word or mid-sentence`, phrase })),
      ...copied.map(({ phrase }) => ({ message: `"${phrase}" is copied word for word from a recorded tool result`, phrase })),
    ];
  },
} as const satisfies LintRule;
