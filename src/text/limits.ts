/**
 * A description's own statements of what the tool does not do ("Not for PDFs", "does not evaluate
 * arithmetic", "cannot write files", "use calculator instead", and, given the server's other tools,
 * "For later days use get_forecast."). A lexical relevance model cannot read negation, so these clauses
 * are cut out of the text relevance sees and scored separately.
 */

// A clause runs from one of these, or from "use ... instead" (useInstead), to the end of its sentence.
const LIMIT_TRIGGER = /\b(?:(?<!\bor )not(?! only\b)|never|cannot|can't|can not|don't|doesn't|won't|isn't|aren't|unable to|instead of)\b/i;
/** What may not stand between "use" and "instead" */
const STRETCH_END = /[.;!?\n]/;
const USE = /\buse\b/i;
const INSTEAD = /\binstead\b/gi;
const SENTENCE_BREAK = /(?<=[.;!?])\s+|\n+/;
/**
 * A pointer that sends some requests elsewhere, not a step to take first ("Use list_tables first to ..."): "for",
 * "instead", "rather", or a purpose that opens the sentence or a clause of it and comes before the pointer ("To copy an
 * existing repository use fork_repository", "...; to change only some lines use edit_file").
 */
const REDIRECT_WORD = /\b(?:for|instead|rather)\b|(?:^|[,:]\s+)to\s+\p{L}[^.;!?]*?\b(?:use|call|try|prefer)\b/iu;
const PREREQUISITE_WORD = /\b(?:first|before|then|after)\b/i;

export interface DescriptionParts {
  /** Limit clauses, each from its trigger to the end of its sentence. */
  limits: string[];
  /** Everything else: what the description says the tool does. */
  rest: string;
}

/**
 * Splits a description into its limit clauses and the rest. `siblings`, the tools of the same server by their own
 * names (less `self`, the tool described, when it is among them), make a sentence that sends some requests to one of
 * them a limit clause whole: "For later days use get_forecast." says the tool is not for later days, and "To copy an
 * existing repository use fork_repository." that it does not copy one, though no word of them is a negation.
 */
export function splitLimitClauses(description: string, siblings: readonly string[] = [], self?: string): DescriptionParts {
  const limits: string[] = [];
  const rest: string[] = [];
  const names = siblings.length === 0 ? undefined : indexOf(siblings);
  for (const sentence of description.split(SENTENCE_BREAK)) {
    if (names !== undefined && pointsToSibling(sentence, names, self) && REDIRECT_WORD.test(sentence) && !PREREQUISITE_WORD.test(sentence)) {
      limits.push(sentence);
      continue;
    }
    const at = Math.min(LIMIT_TRIGGER.exec(sentence)?.index ?? Infinity, useInstead(sentence) ?? Infinity);
    if (at === Infinity) {
      rest.push(sentence);
      continue;
    }
    rest.push(sentence.slice(0, at));
    limits.push(sentence.slice(at));
  }
  return { limits, rest: rest.join(' ') };
}

/**
 * Where the first "use" that an "instead" follows in the same stretch (no . ; ! ? or line break between) stands, as
 * /\buse\b[^.;!?\n]*\binstead\b/ finds it: in each stretch, its first "use" when that ends before the stretch's last
 * "instead". The pattern read each "use" to the stretch's end, so many of them took seconds (issue 34, finding 3).
 */
function useInstead(sentence: string): number | undefined {
  let start = 0;
  for (const stretch of sentence.split(STRETCH_END)) {
    const use = USE.exec(stretch);
    const lastInstead = use === null ? undefined : [...stretch.matchAll(INSTEAD)].at(-1);
    if (use !== null && lastInstead !== undefined && use.index + use[0].length <= lastInstead.index) return start + use.index;
    start += stretch.length + 1;
  }
  return undefined;
}

/** "use get_forecast", "call `get_forecast`", "prefer get_forecast": a pointer, the quote it may open with in group 1. */
const POINTER = /\b(?:use|call|try|prefer)\s+([`'"]?)/gi;

/**
 * Whether the sentence points at one of the names other than `self` ("use get_forecast", case-insensitively, the
 * name ending at a word boundary). The names are looked up in an index at each pointer, so the work grows with the
 * sentence, not with the number of names: a pattern of every sibling's name, made for each of 3,000 tools, took
 * 88 s and 1 GB (issue 34).
 */
function pointsToSibling(sentence: string, names: NameIndex, self: string | undefined): boolean {
  for (const pointer of sentence.matchAll(POINTER)) {
    const end = pointer.index + pointer[0].length;
    // a name may itself begin with the quote character
    if (names.startsAt(sentence, end, self) || (pointer[1] !== '' && names.startsAt(sentence, end - 1, self))) return true;
  }
  return false;
}

/** Names by their lowercased text, with the lengths they come in. */
class NameIndex {
  private readonly byLowercase = new Map<string, Set<string>>();
  private readonly lengths: number[];

  constructor(names: readonly string[]) {
    for (const name of names) {
      if (name === '') continue;
      const key = name.toLowerCase();
      const same = this.byLowercase.get(key) ?? new Set<string>();
      same.add(name);
      this.byLowercase.set(key, same);
    }
    this.lengths = [...new Set([...this.byLowercase.keys()].map((k) => k.length))].sort((a, b) => a - b);
  }

  /** Whether a name other than `self` is written at `start` of `text`, ending at a word boundary. */
  startsAt(text: string, start: number, self: string | undefined): boolean {
    for (const length of this.lengths) {
      const end = start + length;
      if (end > text.length) return false;
      if (isWordChar(text[end - 1]) === isWordChar(text[end])) continue;
      const same = this.byLowercase.get(text.slice(start, end).toLowerCase());
      if (same !== undefined && (same.size > 1 || !same.has(self ?? ''))) return true;
    }
    return false;
  }
}

/** \w without the u flag, as \b reads it; nothing past either end of the text. */
const isWordChar = (char: string | undefined): boolean => char !== undefined && /\w/.test(char);

// A catalogue hands every tool of a server the same list, and the lint and the sim proposer every sentence of a
// description: each list is indexed once.
const indexes = new WeakMap<readonly string[], NameIndex>();
const indexOf = (names: readonly string[]): NameIndex => {
  const known = indexes.get(names);
  if (known !== undefined) return known;
  const made = new NameIndex(names);
  indexes.set(names, made);
  return made;
};

/**
 * Restrictions and bounds, which state a limit without a negation: "Numbers and + - * / ** only.", "only reads
 * text files"; "Returns at most 4000 characters", "up to 10 results", "at least 3 characters", "limited to 50".
 */
const RESTRICTION_OR_BOUND: readonly RegExp[] = [
  /\bonly\b/i,
  /\b(?:at most|at least|up to|no more than|not more than|maximum(?: of)?|minimum(?: of)?|max\.?|min\.?|limited to|a limit of|capped at)\s+[\d$€£]/i,
];

/**
 * Whether a sentence states a limit: a limit clause (given the server's tools, a pointer to one other than `self`),
 * a restriction or a bound. The lint reports such a sentence dropped by an edit (removed-limit), and the sim
 * proposer never drops one.
 */
export function statesLimit(sentence: string, siblings: readonly string[] = [], self?: string): boolean {
  return splitLimitClauses(sentence, siblings, self).limits.length > 0 || RESTRICTION_OR_BOUND.some((p) => p.test(sentence));
}

/**
 * How much the intent falls under the tool's limit clauses, in [0, 1]: of the intent's terms that
 * this tool's text mentions at all, the share mentioned only in its limit clauses. Terms the clauses
 * share with the positive text ("does not read binary files" in a file reader) carry no signal and
 * are ignored, so only what the clause adds ("binary") can count against the tool.
 */
export function limitMatch(intentTerms: ReadonlySet<string>, limitTerms: ReadonlySet<string>, positiveTerms: ReadonlySet<string>): number {
  let excluded = 0;
  let mentioned = 0;
  for (const term of intentTerms) {
    if (positiveTerms.has(term)) mentioned++;
    else if (limitTerms.has(term)) {
      excluded++;
      mentioned++;
    }
  }
  return mentioned === 0 ? 0 : excluded / mentioned;
}
