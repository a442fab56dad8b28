/**
 * A description's own statements of what the tool does not do ("Not for PDFs", "does not evaluate
 * arithmetic", "cannot write files", "use calculator instead", and, given the server's other tools,
 * "For later days use get_forecast."). A lexical relevance model cannot read negation, so these clauses
 * are cut out of the text relevance sees and scored separately.
 */
import escapeStringRegexp from 'escape-string-regexp';

// A clause runs from one of these to the end of its sentence.
const LIMIT_TRIGGER =
  /\b(?:(?<!\bor )not(?! only\b)|never|cannot|can't|can not|don't|doesn't|won't|isn't|aren't|unable to|instead of)\b|\buse\b[^.;!?\n]*\binstead\b/i;
const SENTENCE_BREAK = /(?<=[.;!?])\s+|\n+/;
/** A pointer that sends some requests elsewhere, not a step to take first ("Use list_tables first to ..."). */
const REDIRECT_WORD = /\b(?:for|instead|rather)\b/i;
const PREREQUISITE_WORD = /\b(?:first|before|then|after)\b/i;

export interface DescriptionParts {
  /** Limit clauses, each from its trigger to the end of its sentence. */
  limits: string[];
  /** Everything else: what the description says the tool does. */
  rest: string;
}

/**
 * Splits a description into its limit clauses and the rest. `siblings`, the other tools of the same server by
 * their own names, make a sentence that sends some requests to one of them a limit clause whole: "For later days
 * use get_forecast." says the tool is not for later days, though no word of it is a negation.
 */
export function splitLimitClauses(description: string, siblings: readonly string[] = []): DescriptionParts {
  const limits: string[] = [];
  const rest: string[] = [];
  const pointer = siblingPointer(siblings);
  for (const sentence of description.split(SENTENCE_BREAK)) {
    if (pointer !== undefined && pointer.test(sentence) && REDIRECT_WORD.test(sentence) && !PREREQUISITE_WORD.test(sentence)) {
      limits.push(sentence);
      continue;
    }
    const trigger = LIMIT_TRIGGER.exec(sentence);
    if (trigger === null) {
      rest.push(sentence);
      continue;
    }
    rest.push(sentence.slice(0, trigger.index));
    limits.push(sentence.slice(trigger.index));
  }
  return { limits, rest: rest.join(' ') };
}

/** "use get_forecast", "call `get_forecast`", for any of the siblings; undefined without any. */
function siblingPointer(siblings: readonly string[]): RegExp | undefined {
  if (siblings.length === 0) return undefined;
  return new RegExp(`\\b(?:use|call|try)\\s+[\`'"]?(?:${siblings.map(escapeStringRegexp).join('|')})\\b`, 'i');
}

/**
 * Restrictions and bounds, which state a limit without a negation: "Numbers and + - * / ** only.", "only reads
 * text files"; "Returns at most 4000 characters", "up to 10 results", "at least 3 characters", "limited to 50".
 */
const RESTRICTION_OR_BOUND: readonly RegExp[] = [
  /\bonly\b/i,
  /\b(?:at most|at least|up to|no more than|not more than|maximum(?: of)?|minimum(?: of)?|max\.?|min\.?|limited to|a limit of|capped at)\s+[\d$€£]/i,
];

/**
 * Whether a sentence states a limit: a limit clause (given the server's other tools, a pointer to one of them),
 * a restriction or a bound. The lint reports such a sentence dropped by an edit (removed-limit), and the sim
 * proposer never drops one.
 */
export function statesLimit(sentence: string, siblings: readonly string[] = []): boolean {
  return splitLimitClauses(sentence, siblings).limits.length > 0 || RESTRICTION_OR_BOUND.some((p) => p.test(sentence));
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
