/**
 * A description's own statements of what the tool does not do ("Not for PDFs", "does not evaluate
 * arithmetic", "cannot write files", "use calculator instead"). A lexical relevance model cannot
 * read negation, so these clauses are cut out of the text relevance sees and scored separately.
 */

// A clause runs from one of these to the end of its sentence.
const LIMIT_TRIGGER =
  /\b(?:(?<!\bor )not(?! only\b)|never|cannot|can't|can not|don't|doesn't|won't|isn't|aren't|unable to|instead of)\b|\buse\b[^.;!?\n]*\binstead\b/i;
const SENTENCE_BREAK = /(?<=[.;!?])\s+|\n+/;

export interface DescriptionParts {
  /** Limit clauses, each from its trigger to the end of its sentence. */
  limits: string[];
  /** Everything else: what the description says the tool does. */
  rest: string;
}

export function splitLimitClauses(description: string): DescriptionParts {
  const limits: string[] = [];
  const rest: string[] = [];
  for (const sentence of description.split(SENTENCE_BREAK)) {
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
