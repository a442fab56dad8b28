import { ACTION_CLASSES, contradicts, doesWhatIsAsked, type ActionClass, type StepClass } from './actions/classes.ts';
import { verbs } from './actions/verbs.ts';
import { words } from '../../text/words.ts';

/**
 * The action class gate (docs/agents.md, "The action class"): a reader sorts tools by what they do before it
 * weighs what they do it to, so a request that only reads ("Is PR 93 mergeable?") is not sent to a tool that
 * writes (merge_pull_request) however well the object matches, unless no tool of the catalogue fits. The step's
 * class is read off its form and its verbs, each tool's off the verbs of its name (or, for a name without one,
 * the first word of its description); actions/classes.ts says which classes contradict.
 */

const ANCHORS: ReadonlyMap<string, ActionClass> = new Map(
  (Object.entries(ACTION_CLASSES) as Array<[ActionClass, readonly string[]]>).flatMap(([cls, lemmas]) => lemmas.map((lemma) => [lemma, cls] as const)),
);

/**
 * The class of a WordNet lemma: its own as an anchor; for a phrasal verb that is none, its head verb's (wipe_out
 * as wipe, close_out as close); else none. A verb's WordNet synonyms are not followed: they drift (travel ~ move,
 * do ~ make).
 */
export function lemmaClass(lemma: string): ActionClass | undefined {
  return ANCHORS.get(lemma) ?? (lemma.includes('_') ? ANCHORS.get(lemma.split('_')[0]!) : undefined);
}

// WordNet's phrasal verbs have up to three words (get_rid_of).
const LONGEST_PHRASAL = 3;

/** The verb starting at word i (a phrasal verb read whole) and how many words it spans. */
function verbAt(sequence: readonly string[], i: number): { lemma: string; span: number } | undefined {
  for (const n of [LONGEST_PHRASAL, 2]) {
    if (i + n > sequence.length) continue;
    const lemma = verbs().lemma(sequence[i]!, sequence.slice(i + 1, i + n));
    if (lemma !== undefined) return { lemma, span: n };
  }
  const lemma = verbs().lemma(sequence[i]!);
  return lemma === undefined ? undefined : { lemma, span: 1 };
}

/**
 * A name's parts as words: a dotted or slashed name's segments (games.update.find), and the runs after a
 * "Domain_1_" prefix (Hotels_4_ReserveHotel), each read as words() gives it.
 */
function nameSegments(name: string): string[][] {
  return name
    .split(/[./]|_\d+_/)
    .map((segment) => words(segment))
    .filter((segment) => segment.length > 0);
}

/**
 * The classes of a name segment that opens with a classed verb, or with one word before it that names the server
 * or domain (browser_take_screenshot, git_push, docker-pull) when that verb is in its base form, and of any verb
 * joined to it by "or"/"and" (create_or_update_file).
 */
function segmentClasses(segment: readonly string[]): ActionClass[] {
  const opening = classesFrom(segment, 0);
  if (opening.length > 0 || segment.length < 2) return opening;
  const verb = verbAt(segment, 1);
  return verb !== undefined && verb.lemma.startsWith(segment[1]!) ? classesFrom(segment, 1) : [];
}

function classesFrom(segment: readonly string[], start: number): ActionClass[] {
  const found: ActionClass[] = [];
  for (let i = start; i < segment.length;) {
    const verb = verbAt(segment, i);
    const cls = verb === undefined ? undefined : lemmaClass(verb.lemma);
    if (cls === undefined) break;
    found.push(cls);
    i += verb!.span;
    if (!['or', 'and'].includes(segment[i] ?? '')) break;
    i++;
  }
  return found;
}

/**
 * A tool's classes: those of the last segment of its name that opens with a classed verb (a name states its
 * action first, and its method last: games.update.find finds). Only the name is read, as by the action channel
 * (params.ts, step 3): a description's first verb is often about the tool rather than its action ("Enables
 * quick search", "This function ..."). A tool whose action cannot be read has none and is never gated.
 */
export function toolClasses(name: string): ActionClass[] {
  return (
    nameSegments(name)
      .map(segmentClasses)
      .filter((c) => c.length > 0)
      .at(-1) ?? []
  );
}

/** Words a request may open with before its verb: politeness and the asker's wish. */
const LEAD_INS = [
  'hi',
  'hey',
  'hello',
  'ok',
  'okay',
  'so',
  'well',
  'please',
  'kindly',
  'can you',
  'could you',
  'would you',
  'will you',
  'i want to',
  'i would like to',
  'i d like to',
  'i need to',
  'let s',
  'now',
  'then',
  'and',
  'also',
  'just',
  'go ahead and',
].map(words);
/** A clause opening with one of these asks a question, which reads. */
const QUESTION_WORDS = new Set([
  'what',
  'which',
  'who',
  'whose',
  'where',
  'when',
  'why',
  'how',
  'is',
  'are',
  'was',
  'were',
  'do',
  'does',
  'did',
  'has',
  'have',
  'had',
]);
/**
 * Questions that ask the listener to act or advise rather than to say what is so ("Do you have a template?",
 * "How can I make a meme?"): they are requests, whose verb says what they ask.
 */
const REQUEST_QUESTIONS = ['do you', 'can i', 'how can i', 'how do i', 'how should i', 'how to', 'what should i', 'is there any way'].map(words);
/** Verbs that read only when addressed to the asker: "give me", "let me see" read; "give the table a column" does not. */
const TO_THE_ASKER = new Set(['give', 'let']);
/** Phrases saying something that exists is wrong or unwanted: a request to change or remove it. */
const CHANGE_CUES = [
  'no longer',
  'any more',
  'anymore',
  'is wrong',
  'are wrong',
  'is not right',
  'isn t right',
  'by mistake',
  'is outdated',
  'out of date',
].map(words);

function startsWith(sequence: readonly string[], phrase: readonly string[], at = 0): boolean {
  return phrase.every((w, k) => sequence[at + k] === w);
}

function withoutLeadIns(clause: readonly string[]): readonly string[] {
  let rest = clause;
  for (let lead = LEAD_INS.find((p) => startsWith(rest, p)); lead !== undefined; lead = LEAD_INS.find((p) => startsWith(rest, p)))
    rest = rest.slice(lead.length);
  return rest;
}

/** The class of an imperative clause: its opening verb's, where it has one ("Show me ...", "get rid of ..."). */
function imperativeClass(clause: readonly string[]): StepClass | undefined {
  const opening = clause[0]!;
  if (TO_THE_ASKER.has(opening)) return ['me', 'us'].includes(clause[1] ?? '') ? 'read' : undefined;
  const verb = verbAt(clause, 0);
  // An imperative is the verb's base form: "United Kingdom" and "Booking the movers" open no request.
  return verb === undefined || !verb.lemma.startsWith(opening) ? undefined : lemmaClass(verb.lemma);
}

/** What one clause asks: a question reads, an imperative asks what its verb does. */
function clauseClass(clause: readonly string[]): StepClass | undefined {
  if (REQUEST_QUESTIONS.some((q) => startsWith(clause, q))) return undefined;
  return QUESTION_WORDS.has(clause[0]!) ? 'read' : imperativeClass(clause);
}

/**
 * What a request step asks for: its first clause that asks a question (which reads) or opens with a classed verb
 * (which asks what the verb does); else, a phrase saying something is wrong or no longer wanted asks to change it.
 * Undefined when none of these is found: a step whose action is not sure is not gated.
 */
export function stepClass(intent: string): StepClass | undefined {
  // A clause ends at punctuation followed by a space or the end: "README.md" is one word, not two clauses.
  const clauses = intent
    .split(/[.;:!?,](?:\s|$)/)
    .map((c) => withoutLeadIns(words(c)))
    .filter((c) => c.length > 0);
  for (const clause of clauses) {
    const cls = clauseClass(clause);
    if (cls !== undefined) return cls;
  }
  const all = words(intent);
  return CHANGE_CUES.some((cue) => all.some((_, i) => startsWith(all, cue, i))) ? 'change' : undefined;
}

/** What the action class gate reads off each tool for one step, each 1 or 0. */
export interface ClassSignals {
  /** Every class of the tool contradicts the step's, and some other tool's fits. */
  conflict: number[];
  /** The tool does exactly what the step asks (for a step that asks to change: updates or deletes). */
  fit: number[];
}

/** The gate's signals for every tool; all 0 for a step whose class cannot be read. */
export function classSignals(intent: string, classes: readonly (readonly ActionClass[])[]): ClassSignals {
  const step = stepClass(intent);
  const none = classes.map(() => 0);
  if (step === undefined) return { conflict: none, fit: none };
  const conflicting = classes.map((c) => c.length > 0 && c.every((cls) => contradicts(step, cls)));
  // A catalogue where every readable tool contradicts the step gives the gate nothing to prefer.
  const anyFits = classes.some((c, i) => c.length > 0 && !conflicting[i]);
  return {
    conflict: anyFits ? conflicting.map((c) => (c ? 1 : 0)) : none,
    fit: classes.map((c) => (c.some((cls) => doesWhatIsAsked(step, cls)) ? 1 : 0)),
  };
}
