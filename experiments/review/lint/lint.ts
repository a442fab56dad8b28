/**
 * `tdo lint`: what a reviewer should know about a set of tool descriptions before shipping them.
 * Inflated claims reuse the sim agent's cue lexicon, so the lint and the selection model agree on what
 * sways a model; the patterns only the lint needs live in patterns.ts.
 */
import { type CueFamily, findCues, findTdoText, splitLimitClauses, statesLimit, terms, trimTrailing, withoutTdoText } from '../../../src/index.ts';
import { excessiveLength } from './length.ts';
import {
  CLIPPED_FRAGMENT,
  EMPTY_EXAMPLE,
  EXTRA_INFLATION,
  KEYWORD_LIST_LABEL,
  MODEL_DIRECTIVES,
  RUN_ON_JOIN,
  USE_FOR_GUIDANCE,
  VALUE_LIST_LABEL,
} from './patterns.ts';
import { labelledList, sentencesOf } from './sentences.ts';
import { searchStuffing } from './stuffing.ts';

export const LINT_RULES = [
  'model-directive',
  'inflated-claim',
  'social-proof',
  'missing-purpose',
  'excessive-length',
  'task-word-list',
  'search-keyword-stuffing',
  'copied-result',
  'removed-limit',
  'unverifiable-claim',
  'missing-use-for',
  'missing-not-for',
  'run-on-sentence',
  'tdo-placeholder',
  'empty-example',
] as const;
export type LintRule = (typeof LINT_RULES)[number];

/** error: unsafe to ship; warning: misleads selection or costs tokens; info: a suggestion. */
export type LintSeverity = 'error' | 'warning' | 'info';

export const RULE_SEVERITY: Record<LintRule, LintSeverity> = {
  'model-directive': 'error',
  'inflated-claim': 'warning',
  'social-proof': 'warning',
  'missing-purpose': 'warning',
  'excessive-length': 'warning',
  'task-word-list': 'warning',
  // under deferred tool loading a description is search text: words stuffed in for the ranking mislead it
  'search-keyword-stuffing': 'warning',
  'copied-result': 'warning',
  'removed-limit': 'warning',
  // A warning, not a suggestion: claims of upkeep sway real models a little (Faghih et al.'s maintenance
  // line) and cannot be checked from the description, so an optimizer must not buy selection with them.
  'unverifiable-claim': 'warning',
  'missing-use-for': 'info',
  'missing-not-for': 'info',
  // Warnings, so that the honesty gate refuses an edit that brings one in: a reviewer would have to rewrite it.
  'run-on-sentence': 'warning',
  'empty-example': 'warning',
  // tdo's own words in a description are never the tool's: nothing about it is shippable.
  'tdo-placeholder': 'error',
};

export interface LintFlag {
  tool: string;
  rule: LintRule;
  severity: LintSeverity;
  message: string;
  /** The text that triggered the flag, as written; null for something missing. */
  phrase: string | null;
}

/** Fewer content words than this (after removing promotional phrases) says nothing about what the tool does. */
const MIN_PURPOSE_TERMS = 3;

const CUE_RULE: Record<CueFamily, { rule: LintRule; message: string } | undefined> = {
  endorsement: { rule: 'inflated-claim', message: 'self-endorsement: praises the tool instead of saying what it does' },
  breadth: { rule: 'inflated-claim', message: 'breadth claim: says it handles anything, so a model picks it for everything' },
  socialProof: { rule: 'social-proof', message: 'social proof: who uses it says nothing about what it does' },
  maintenance: { rule: 'unverifiable-claim', message: 'maintenance claim: does not help choose the tool' },
  // Examples help a model fill arguments; they are not a problem.
  example: undefined,
};

/** What the lint can compare a description with, when the caller has it. */
export interface LintContext {
  /** Recorded outputs of the server's tools (successful calls): text copied from them is flagged. */
  toolResults?: readonly string[];
  /** The descriptions this version was derived from, tool -> text: limits they stated and this one dropped are flagged. */
  parent?: Readonly<Record<string, string>>;
  /** The server's tool names: a sentence that sends some requests to another of them ("For later days use get_forecast.") says what this one is not for. */
  tools?: readonly string[];
}

/** Lints one description. */
export function lintDescription(tool: string, text: string, context: LintContext = {}): LintFlag[] {
  const flags: LintFlag[] = [];
  const add = (rule: LintRule, message: string, phrase: string | null) => flags.push({ tool, rule, severity: RULE_SEVERITY[rule], message, phrase });
  const serverTools = context.tools ?? [];

  for (const { kind, why, pattern } of MODEL_DIRECTIVES) {
    for (const m of text.matchAll(pattern)) add('model-directive', `instruction aimed at the model (${kind}): ${why}`, m[0].trim());
  }
  const promotional: string[] = [];
  for (const cue of findCues(text)) {
    promotional.push(cue.phrase);
    const rule = CUE_RULE[cue.family];
    if (rule !== undefined) add(rule.rule, rule.message, cue.phrase);
  }
  for (const pattern of EXTRA_INFLATION) {
    for (const m of text.matchAll(pattern)) {
      promotional.push(m[0]);
      add('inflated-claim', 'superlative or guarantee about the tool', m[0]);
    }
  }

  for (const { phrase } of findTdoText(text)) add('tdo-placeholder', `"${phrase}" is text tdo wrote into a trajectory, not something the tool does`, phrase);
  for (const m of text.matchAll(RUN_ON_JOIN)) add('run-on-sentence', `"${m[1]}" starts a sentence without ending the one before: end it with a period`, m[1]!);
  for (const m of text.matchAll(EMPTY_EXAMPLE)) add('empty-example', 'an example with no arguments shows nothing of how to call the tool', m[0]);

  // what the description itself says: tdo's placeholders ("not executed") state no limit and no purpose
  const own = withoutTdoText(text);
  const plain = promotional.reduce((rest, phrase) => rest.replace(phrase, ' '), own);
  if (terms(plain).length < MIN_PURPOSE_TERMS) add('missing-purpose', 'does not say what the tool does', null);
  const tooLong = excessiveLength(text);
  if (tooLong !== undefined) add('excessive-length', tooLong, null);
  const lists = taskWordLists(text);
  for (const list of lists) {
    add(
      'task-word-list',
      `a bare list of ${list.words.length} words taken from requests (${preview(list.words)}) instead of the kinds of task the tool does`,
      list.phrase,
    );
  }
  for (const { phrase, what } of searchStuffing(
    own,
    serverTools,
    tool,
    lists.map((l) => l.phrase),
  ))
    add('search-keyword-stuffing', `${what}: words stuffed in for a tool search to find it, which no sentence needs`, phrase);
  const clipped = clippedFragments(text);
  for (const { phrase } of clipped) add('copied-result', `"${phrase}" is a clipped fragment of a tool's output, cut off mid-word or mid-sentence`, phrase);
  for (const { phrase, start, end } of copiedFragments(text, context.toolResults)) {
    // one flag per fragment: a clipped copy is already reported
    if (!clipped.some((c) => c.start < end && start < c.end)) add('copied-result', `"${phrase}" is copied word for word from a recorded tool result`, phrase);
  }
  const before = context.parent?.[tool];
  if (before !== undefined) {
    for (const limit of removedLimits(before, text, serverTools, tool))
      add('removed-limit', `the parent stated the limit "${limit}" and this version no longer does`, limit);
  }
  if (!USE_FOR_GUIDANCE.test(own)) add('missing-use-for', 'no guidance on when to use it ("use it for ...")', null);
  if (splitLimitClauses(own, serverTools, tool).limits.length === 0)
    add('missing-not-for', 'no statement of what it does not do ("does not ...", "not for ...", "for ... use OTHER_TOOL")', null);
  return dedupe(flags);
}

/** Lints every description of a version, tools in name order. */
export function lintDescriptions(descriptions: Readonly<Record<string, string>>, context: LintContext = {}): LintFlag[] {
  // one list for every tool: the limit clauses index a server's names once per list (src/text/limits.ts)
  const tools = Object.keys(descriptions);
  return [...tools].sort().flatMap((tool) => lintDescription(tool, descriptions[tool]!, { tools, ...context }));
}

/**
 * Lints a version against each of its parents (a merge has two): a limit dropped relative to any of them is
 * reported, every other flag once.
 */
export function lintAgainstParents(
  descriptions: Readonly<Record<string, string>>,
  parents: ReadonlyArray<Readonly<Record<string, string>>>,
  toolResults?: readonly string[],
): LintFlag[] {
  const base = toolResults === undefined ? {} : { toolResults };
  if (parents.length === 0) return lintDescriptions(descriptions, base);
  const flags = dedupe(parents.flatMap((parent) => lintDescriptions(descriptions, { ...base, parent })));
  const order = new Map(
    Object.keys(descriptions)
      .sort()
      .map((tool, i) => [tool, i]),
  );
  return flags.sort((a, b) => order.get(a.tool)! - order.get(b.tool)!);
}

/** True for flags that should stop a release (error or warning); info flags are suggestions. */
export function isProblem(flag: LintFlag): boolean {
  return flag.severity !== 'info';
}

/** Identity of a flag across versions: the same rule on the same phrase of the same tool. */
export function flagKey(flag: LintFlag): string {
  return `${flag.tool}\0${flag.rule}\0${flag.phrase?.toLowerCase() ?? ''}`;
}

/** Two patterns can match the same phrase ("guaranteed" in both lexicons): report it once. */
function dedupe(flags: LintFlag[]): LintFlag[] {
  const seen = new Set<string>();
  return flags.filter((f) => {
    const key = flagKey(f);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function preview(words: readonly string[], shown = 5): string {
  return words.length <= shown ? words.join(', ') : `${words.slice(0, shown).join(', ')}, ... ${words.length - shown} more`;
}

/** Keyword lists need this many words; lists of values under an "Accepts:"-style label or no label, this many. */
const MIN_KEYWORD_WORDS = 2;
const MIN_LISTED_WORDS = 3;
/** Words this short are codes (units, currencies, formats: "km", "eur", "csv"): values of a kind, not request words. */
const MAX_CODE_LENGTH = 3;
const SINGLE_WORD = /^\p{L}[\p{L}'’-]*$/u;
/** Plural nouns ("images, videos, documents") name kinds of thing; request words are mostly singular, verbs and names. */
const PLURAL = /[^su]s$|[^aeiou]es$/i;
const NOT_PLURAL = /(?:ss|us|is)$/i;

/**
 * task-word-list. A reviewer reads "Use it for: look, road, trip, log, pull, grandma, pancake, recipe." as a
 * keyword dump: words lifted from the requests the tool happened to meet, which route those requests to it
 * and say nothing about what it does. People describing kinds of task write phrases and join them ("add,
 * subtract, multiply or divide"; "Length: mm (millimetres), cm (centimetres), ..."). The rule looks at one
 * sentence at a time and fires when all of it after an optional "Label:" is a bare comma-separated list of
 * single words, with no "and"/"or" and no word carrying a note, number or file extension, and
 *  - the label asks for uses or keywords ("Use it for:", "Not for:", "Good for:", "Keywords:"), with 2+ words;
 *  - or the label lists values ("Accepts:", "Supports:", "Handles:") or there is no label, with 3+ words,
 *    most of them not plural nouns (a list of plurals, "images, videos, documents", names kinds);
 *  - and in either case most words are longer than codes: "mm, cm, km, mi" or "usd, eur, gbp" are values.
 * Any other label ("Genres: action, comedy, drama") names the category its values belong to, and is left alone.
 */
export function taskWordLists(text: string): Array<{ phrase: string; words: string[] }> {
  const found: Array<{ phrase: string; words: string[] }> = [];
  for (const sentence of sentencesOf(text)) {
    const body = trimTrailing(sentence, '.!?;').trim();
    const labelled = labelledList(body);
    const label = labelled?.label.trim();
    // the list is trimmed at both ends, so these are the items of .split(/\s*,\s*/), which read each run of spaces to its end at each of its characters
    const words = (labelled?.list ?? body).split(',').map((w) => w.trim());
    if (words.length < MIN_KEYWORD_WORDS || !words.every((w) => SINGLE_WORD.test(w)) || words.some((w) => /^(?:and|or)$/i.test(w))) continue;
    const kind = label === undefined ? 'bare' : KEYWORD_LIST_LABEL.test(label) ? 'keywords' : VALUE_LIST_LABEL.test(label) ? 'values' : undefined;
    if (kind === undefined) continue;
    const codes = words.filter((w) => w.length <= MAX_CODE_LENGTH).length;
    if (2 * codes >= words.length) continue;
    if (kind !== 'keywords') {
      const plurals = words.filter((w) => PLURAL.test(w) && !NOT_PLURAL.test(w)).length;
      if (words.length < MIN_LISTED_WORDS || 2 * plurals > words.length) continue;
    }
    found.push({ phrase: body, words });
  }
  return found;
}

interface Fragment {
  phrase: string;
  start: number;
  end: number;
}

/** copied-result, without results at hand: fragments cut off by a clip (see CLIPPED_FRAGMENT). */
export function clippedFragments(text: string): Fragment[] {
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
export function copiedFragments(text: string, results: readonly string[] | undefined): Fragment[] {
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

const LIMIT_TOKEN = /[\p{L}\p{N}]+|[+\-*/^%<>=]+/gu;
/**
 * A limit reworded in the child is kept: most of its words and symbols in one of the child's sentences that
 * states a limit or the tool's scope ("Numbers and + - * / ** only." as "Supports numbers, + - * / ** and
 * parentheses."). Any other sentence does not count: "Use it for: a, b" does not keep "Not for: a, b".
 */
const KEPT_OVERLAP = 0.6;
const SCOPE_STATEMENT = /^(?:it |this tool )?(?:supports|accepts|takes|handles|understands|reads|works (?:with|on))\b/i;

function normalized(text: string): string {
  return trimTrailing(text.toLowerCase().replace(/\s+/g, ' '), '.!?;:,', { whitespace: true }).trim();
}

/**
 * removed-limit: the parent's sentences that state a limit, each gone from the child: not there as written
 * and not reworded in one of the child's own limit sentences. A model reads a dropped limit as a tool that
 * can do what it cannot ("Numbers and + - * / ** only.", "Returns at most 4000 characters.").
 */
export function removedLimits(parent: string, child: string, serverTools: readonly string[] = [], self?: string): string[] {
  const childText = normalized(child);
  const childLimits = sentencesOf(child)
    .filter((s) => statesLimit(s, serverTools, self) || SCOPE_STATEMENT.test(s))
    .map((s) => new Set(normalized(s).match(LIMIT_TOKEN) ?? []));
  return sentencesOf(withoutTdoText(parent))
    .filter((s) => statesLimit(s, serverTools, self))
    .filter((limit) => {
      if (childText.includes(normalized(limit))) return false;
      const tokens = [...new Set(normalized(limit).match(LIMIT_TOKEN) ?? [])];
      return !childLimits.some((c) => tokens.filter((t) => c.has(t)).length >= KEPT_OVERLAP * tokens.length);
    });
}
