// Two sentences the sim proposer writes and reads back in a description, read by index. Their patterns,
// /^Use it (?:when asked to (.+?) (\S+?)(?: such as (.+))?|for questions about (.+))\.$/ and
// /^For example, .* returns .*\.$/, tried every space (or every " returns ") against the rest of the sentence,
// which took seconds on a long sentence of a server's own description (issue 34, finding 3).

/** A character `.` does not match: a sentence holding one is no sentence of these forms. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
const WHITE_SPACE = /\s/;

const WHEN_ASKED = 'Use it when asked to ';
const QUESTIONS_ABOUT = 'Use it for questions about ';
const SUCH_AS = ' such as ';

/** The parts of "Use it when asked to VERBS KIND such as NOUNS." or "Use it for questions about NOUNS.", as written. */
export interface UseSentenceParts {
  verbs?: string;
  kind?: string;
  nouns?: string;
}

/** The parts of a use-for sentence; undefined when the sentence is not one. */
export function readUseSentence(sentence: string): UseSentenceParts | undefined {
  if (!sentence.endsWith('.') || LINE_TERMINATOR.test(sentence)) return undefined;
  const body = sentence.slice(0, -1);
  if (body.startsWith(QUESTIONS_ABOUT)) return body.length > QUESTIONS_ABOUT.length ? { nouns: body.slice(QUESTIONS_ABOUT.length) } : undefined;
  if (!body.startsWith(WHEN_ASKED)) return undefined;
  const rest = body.slice(WHEN_ASKED.length);
  // the verbs end at the first space after which a kind (one word) ends the sentence or is followed by " such as ..."
  for (let space = rest.indexOf(' ', 1); space !== -1; space = rest.indexOf(' ', space + 1)) {
    const kindEnd = wordEnd(rest, space + 1);
    if (kindEnd === space + 1) continue;
    const parts = { verbs: rest.slice(0, space), kind: rest.slice(space + 1, kindEnd) };
    if (kindEnd === rest.length) return parts;
    if (rest.startsWith(SUCH_AS, kindEnd) && rest.length > kindEnd + SUCH_AS.length) return { ...parts, nouns: rest.slice(kindEnd + SUCH_AS.length) };
  }
  return undefined;
}

/** Where the run of characters other than white space that starts at `from` ends. */
function wordEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && !WHITE_SPACE.test(text[end]!)) end++;
  return end;
}

const EXAMPLE_OPENING = 'For example, ';
const RETURNS = ' returns ';

/** Whether the sentence is a worked example: "For example, ARGS returns ANSWER." */
export function isExampleSentence(sentence: string): boolean {
  if (!sentence.startsWith(EXAMPLE_OPENING) || !sentence.endsWith('.') || LINE_TERMINATOR.test(sentence)) return false;
  const returns = sentence.indexOf(RETURNS, EXAMPLE_OPENING.length);
  return returns !== -1 && returns + RETURNS.length < sentence.length;
}
