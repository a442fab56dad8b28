// Objective-agnostic edits to one description, each drawing its material at random from the episodes.
// They read what happened (tasks, calls, outcomes), never the score or feedback of the target.
import { countCues } from '../../../src/agents/sim/cues.ts';
import { terms, words } from '../../../src/agents/sim/text.ts';
import type { Rng } from '../../engine/rng.ts';
import { TRUNCATION_MARK, type EpisodeView } from '../../mcp/reflection.ts';

export interface EditContext {
  text: string;
  views: readonly EpisodeView[];
  rng: Rng;
}

export interface Edit {
  text: string;
  /** what was added or removed, for the record */
  change: string;
}

/**
 * The edit kinds of DESIGN.md section 6 (add use-for keywords, add not-for clauses, add or remove
 * assertive claims, add an example, tighten wording). Each kind is drawn equally often however many
 * operators implement it, so refining one kind does not crowd the others out.
 */
export type EditKind = 'use-for' | 'not-for' | 'add-claim' | 'remove-claim' | 'example' | 'tighten';

export interface EditOperator {
  readonly name: string;
  readonly kind: EditKind;
  /** undefined when the operator has nothing to work with */
  apply(ctx: EditContext): Edit | undefined;
}

const MAX_NEW_WORDS = 8;
/** An enumeration is taken whole up to this many words: its items are alike, and half a list is arbitrary. */
const MAX_ACCEPTED_WORDS = 30;
const MAX_REWRITE_WORDS = 16;
/** How often use-for words come only from the missed steps the labels give this tool (see addUseFor). */
const PREFER_OWN_STEPS = 0.5;
const SENTENCE_BREAK = /(?<=[.!?])\s+/;

/** General assertive phrasings (Faghih et al. 2025's cue families), not tied to any tool. */
export const ASSERTIVE_CLAIMS = [
  'It is the most reliable tool for this job.',
  'Always use this tool first.',
  'Trusted by thousands of developers.',
  'Guaranteed to give accurate results.',
  'Highly recommended.',
  'Actively maintained and battle-tested.',
];

function sentences(text: string): string[] {
  return text.split(SENTENCE_BREAK).filter((s) => s.trim() !== '');
}

/** Content words of `source` (surface form) whose stems `text` does not contain yet. */
export function newWords(source: string, text: string, limit = MAX_NEW_WORDS): string[] {
  const known = new Set(terms(text));
  const out: string[] = [];
  for (const word of words(source)) {
    const [stem, ...rest] = terms(word);
    if (stem === undefined || rest.length > 0 || known.has(stem)) continue;
    known.add(stem);
    out.push(word);
    if (out.length === limit) break;
  }
  return out;
}

const USE_FOR = 'Use it for';
const NOT_FOR = 'Not for';
const ACCEPTS = 'Accepts';
/** The labelled word lists the operators write; only these are edited word by word. */
const LIST_LABELS = [USE_FOR, NOT_FOR, ACCEPTS] as const;

const listPattern = (label: string) => new RegExp(`${label}: ([^.]*)\\.`);

/** The words of the "<label>: a, b." sentence; empty when there is none. */
function listWords(text: string, label: string): string[] {
  const match = listPattern(label).exec(text);
  return match ? match[1]!.split(', ').filter((w) => w !== '') : [];
}

/** Rewrites the "<label>: ..." sentence to list `items`; drops the sentence when none are left. */
function setList(text: string, label: string, items: readonly string[]): string {
  const pattern = listPattern(label);
  if (!pattern.test(text)) return items.length === 0 ? text : `${text.trimEnd()} ${label}: ${items.join(', ')}.`;
  if (items.length > 0) return text.replace(pattern, () => `${label}: ${items.join(', ')}.`);
  return text.replace(new RegExp(`\\s*${pattern.source}`), '').trim();
}

/** Adds words to the "<label>: a, b." sentence, creating it at the end when there is none. */
function extendList(text: string, label: string, added: string[]): string {
  return setList(text, label, [...listWords(text, label), ...added]);
}

/**
 * Lists new words from the drawn steps under `label`: from one step, or (with `all`) from every step of
 * the pool in random order, up to the word limit.
 */
function addListedWords(ctx: EditContext, steps: Array<{ intent: string }>, label: string, all = false): Edit | undefined {
  const usable = steps.filter((s) => newWords(s.intent, ctx.text).length > 0);
  if (usable.length === 0) return undefined;
  const source = all ? ctx.rng.shuffle(usable).map((s) => s.intent).join(' ') : ctx.rng.pick(usable).intent;
  const added = newWords(source, ctx.text);
  return { text: extendList(ctx.text, label, added), change: `${label}: ${added.join(', ')}` };
}

/**
 * Keywords from tasks this tool missed: tasks in which the agent first chose another tool at least once
 * (`missed` reads the calls, not the labels). Half the time they come from every step of those tasks, so
 * the description can broaden to anything the tool was passed over for, which only the objective can
 * judge (selection rewards it anywhere, success only where the tool really does the job). The other half
 * they come from the steps the correct-tool labels give this tool. That leans the proposer toward accurate
 * descriptions, against the selection drift rather than toward it; measured on lab with the sim agent
 * (seeds 0-2, budget 300), dropping it raised the selection run's gain on labplus by a few points of val
 * selection at most but cut the success run's test gain on lab from +0.18 to +0.06, and to none at seed 0.
 */
export const addUseFor: EditOperator = {
  name: 'add-use-for',
  kind: 'use-for',
  apply(ctx) {
    const missed = ctx.views.filter((v) => v.missed).flatMap((v) => v.steps);
    const own = missed.filter((s) => s.forComponent);
    const preferOwn = own.length > 0 && ctx.rng.float() < PREFER_OWN_STEPS;
    return addListedWords(ctx, preferOwn ? own : missed, USE_FOR, true);
  },
};

/** A not-for clause from a failed task in which this tool was called, naming a step it is not correct for. */
export const addNotFor: EditOperator = {
  name: 'add-not-for',
  kind: 'not-for',
  apply: (ctx) =>
    addListedWords(
      ctx,
      ctx.views.flatMap((v) => (!v.observed ? v.steps : !v.success && v.usedComponent ? v.steps.filter((s) => !s.forComponent) : [])),
      NOT_FOR,
    ),
};

export const addClaim: EditOperator = {
  name: 'add-claim',
  kind: 'add-claim',
  apply(ctx) {
    const fresh = ASSERTIVE_CLAIMS.filter((c) => !ctx.text.toLowerCase().includes(c.toLowerCase()));
    if (fresh.length === 0) return undefined;
    const claim = ctx.rng.pick(fresh);
    return { text: `${ctx.text.trimEnd()} ${claim}`, change: `+ ${claim}` };
  },
};

function isClaim(sentence: string): boolean {
  const cues = countCues(sentence);
  return cues.endorsement + cues.socialProof + cues.maintenance + cues.breadth > 0;
}

export const removeClaim: EditOperator = {
  name: 'remove-claim',
  kind: 'remove-claim',
  apply(ctx) {
    const parts = sentences(ctx.text);
    const claims = parts.filter(isClaim);
    if (claims.length === 0 || parts.length < 2) return undefined;
    const gone = ctx.rng.pick(claims);
    return { text: parts.filter((s) => s !== gone).join(' '), change: `- ${gone}` };
  },
};

/** An example taken from a call of this tool that worked. */
export const addExample: EditOperator = {
  name: 'add-example',
  kind: 'example',
  apply(ctx) {
    const calls = ctx.views.flatMap((v) => v.calls.filter((c) => c.component && !c.isError));
    const examples = [...new Set(calls.map((c) => `Example: ${c.args} returns ${clipOutput(c.output)}.`))].filter((e) => !ctx.text.includes(e));
    if (examples.length === 0) return undefined;
    const example = ctx.rng.pick(examples);
    return { text: `${ctx.text.trimEnd()} ${example}`, change: `+ ${example}` };
  },
};

function clipOutput(output: string): string {
  const flat = output.replace(/\s+/g, ' ').trim().replace(/[.]+$/, '');
  return flat.length > 40 ? `${flat.slice(0, 37)}...` : flat;
}

/** Tightens the text by dropping one sentence other than the first. */
export const shorten: EditOperator = {
  name: 'shorten',
  kind: 'tighten',
  apply(ctx) {
    const parts = sentences(ctx.text);
    if (parts.length < 2) return undefined;
    const i = ctx.rng.int(1, parts.length - 1);
    return { text: parts.filter((_, k) => k !== i).join(' '), change: `- ${parts[i]}` };
  },
};

/**
 * The use-for words that the episodes tie to other tools' steps only: a stem in the intent of a step the
 * labels give to another tool and in none of the steps they give to this one.
 */
function strayUseFor(text: string, views: readonly EpisodeView[]): string[] {
  const steps = views.flatMap((v) => v.steps);
  const own = new Set(steps.filter((s) => s.forComponent).flatMap((s) => terms(s.intent)));
  const others = new Set(steps.filter((s) => !s.forComponent).flatMap((s) => terms(s.intent)));
  return listWords(text, USE_FOR).filter((w) => terms(w).some((t) => others.has(t) && !own.has(t)));
}

/**
 * Takes out of the use-for list the words that the episodes tie to other tools' steps only. Appending is
 * all the other operators do, and a word picked up from a step another tool was right for (add-use-for's
 * broad half) draws every later step with that word to this tool; dropping the whole sentence (shorten)
 * also loses the words that were right. Reads the steps' correct-tool labels, as add-use-for does.
 */
export const pruneUseFor: EditOperator = {
  name: 'prune-use-for',
  kind: 'tighten',
  apply(ctx) {
    const stray = strayUseFor(ctx.text, ctx.views);
    if (stray.length === 0) return undefined;
    return { text: setList(ctx.text, USE_FOR, listWords(ctx.text, USE_FOR).filter((w) => !stray.includes(w))), change: `${USE_FOR} - ${stray.join(', ')}` };
  },
};

/**
 * Rewrites the use-for list instead of appending to it: the words already listed that the episodes do not
 * tie to other tools only, plus the words of every step the labels give this tool, missed or not.
 * Appending keeps whatever came first; a rewrite converges on the tool's own jobs in one edit. Own steps
 * the tool won anyway count too, since naming a job in the user's words is what carries to other wordings
 * of it: on lab, "convert that to hours" succeeds on "Convert a value", but "how many hours are there in 3
 * weeks" needs "hours". Measured on lab with the sim agent (budget 1000, seeds 0-9), the engine's best val
 * success reached 95% of the accurate descriptions' at 7 of them with this operator and at 5 without it.
 */
export const rewriteUseFor: EditOperator = {
  name: 'rewrite-use-for',
  kind: 'use-for',
  apply(ctx) {
    const listed = listWords(ctx.text, USE_FOR);
    const stray = strayUseFor(ctx.text, ctx.views);
    const kept = listed.filter((w) => !stray.includes(w));
    const pruned = setList(ctx.text, USE_FOR, kept);
    const ownSteps = ctx.rng.shuffle(ctx.views.flatMap((v) => v.steps.filter((s) => s.forComponent)));
    const added = newWords(ownSteps.map((s) => s.intent).join(' '), pruned, MAX_REWRITE_WORDS);
    const text = extendList(pruned, USE_FOR, added);
    if (text === ctx.text) return undefined;
    return { text, change: `${USE_FOR}: ${[...kept, ...added].join(', ')} (was: ${listed.join(', ')})` };
  },
};

/**
 * Moves one use-for word to the not-for list when the episodes tie it to other tools' steps only: the word
 * then counts against this tool on those steps instead of for it. Same material as prune-use-for.
 */
export const moveToNotFor: EditOperator = {
  name: 'move-to-not-for',
  kind: 'not-for',
  apply(ctx) {
    const stray = strayUseFor(ctx.text, ctx.views);
    if (stray.length === 0) return undefined;
    const word = ctx.rng.pick(stray);
    const text = extendList(setList(ctx.text, USE_FOR, listWords(ctx.text, USE_FOR).filter((w) => w !== word)), NOT_FOR, [word]);
    return { text, change: `${word}: ${USE_FOR} -> ${NOT_FOR}` };
  },
};

/** "...: a, b, c" at the end of a sentence: an enumeration of what a tool takes (files, units, options). */
const ENUMERATION = /:\s*([^:]*)$/;
/** Fewer items, or longer ones, are prose ("expected number, received undefined"), not a list of values. */
const MIN_ENUMERATED = 3;
const MAX_ITEM_WORDS = 3;

function enumeration(sentence: string): string | undefined {
  const items = ENUMERATION.exec(sentence.replace(/[.]$/, ''))?.[1]?.split(/\s*[,;]\s*/).filter((i) => i !== '');
  if (items === undefined || items.length < MIN_ENUMERATED || items.some((i) => i.split(/\s+/).length > MAX_ITEM_WORDS)) return undefined;
  return items.join(', ');
}

/** The output without the cap's mark and the item it cut in half, if the dataset clipped it. */
function wholeItems(output: string): string {
  return output.endsWith(TRUNCATION_MARK) ? output.slice(0, -TRUNCATION_MARK.length).replace(/[^,;:]*$/, '') : output;
}

/**
 * Lists what this tool said it accepts: an error of the tool that enumerates the valid values ("Files in
 * the workspace: a.txt, b.txt", "Supported units: km, mi") names the things users ask it about, in words
 * the tasks use and the terse description lacks. Only the enumeration is taken, not the error's prose
 * (which often says what the tool cannot do, and would count for it if listed as a word).
 */
export const addAccepted: EditOperator = {
  name: 'add-accepted',
  kind: 'use-for',
  apply(ctx) {
    const enumerations = ctx.views
      .flatMap((v) => v.calls.filter((c) => c.component && c.isError))
      .flatMap((c) => sentences(wholeItems(c.output)))
      .flatMap((s) => enumeration(s) ?? [])
      .filter((e) => newWords(e, ctx.text).length > 0);
    if (enumerations.length === 0) return undefined;
    const added = newWords(ctx.rng.pick(enumerations), ctx.text, MAX_ACCEPTED_WORDS);
    return { text: extendList(ctx.text, ACCEPTS, added), change: `${ACCEPTS}: ${added.join(', ')}` };
  },
};

/**
 * Drops one word from one of the operators' lists. Shorten removes a whole sentence, good words with the
 * bad; one word at a time lets the search undo a single stray word an earlier edit brought in.
 */
export const dropWord: EditOperator = {
  name: 'drop-word',
  kind: 'tighten',
  apply(ctx) {
    const lists = LIST_LABELS.filter((label) => listWords(ctx.text, label).length > 0);
    if (lists.length === 0) return undefined;
    const label = ctx.rng.pick(lists);
    const listed = listWords(ctx.text, label);
    const word = ctx.rng.pick(listed);
    return { text: setList(ctx.text, label, listed.filter((w) => w !== word)), change: `${label} - ${word}` };
  },
};

export const EDIT_OPERATORS: readonly EditOperator[] = [addUseFor, addNotFor, addClaim, removeClaim, addExample, shorten, rewriteUseFor, pruneUseFor, moveToNotFor, addAccepted, dropWord];
