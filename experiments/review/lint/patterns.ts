/**
 * Phrasings the lint looks for beyond the sim's cue lexicon (src/text/cues.ts), which already
 * covers endorsement, social proof, maintenance and breadth claims. Each pattern is a general English
 * phrasing; every one was checked against the plain BFCL descriptions in test/fixtures/tool-preferences
 * (none of them fires there; see test/experiments/review/lint/lint.calibration.test.ts).
 */

/** Superlatives and guarantees about the tool or its results that the cue lexicon does not phrase. */
export const EXTRA_INFLATION: RegExp[] = [
  /\b(?:smartest|fastest|cheapest|strongest|lowest[- ]priced?|lowest prices?|best prices?) (?:tool|function|choice|option|solution|service|seller|prices?|deals?)\b/gi,
  /\b(?:the )?(?:lowest|best) prices? on (?:everything|anything)\b/gi,
  /\b(?:nobody|no one|no other (?:tool|seller|service)) (?:beats|matches|comes close)\b/gi,
  /\bunbeatable\b/gi,
  /\b(?:never fails|cannot fail|can't fail|zero errors|always (?:correct|right|accurate))\b/gi,
  /\binstantly\b/gi,
];

/**
 * Instructions aimed at the model rather than a description of the tool: the tool-poisoning patterns of
 * Invariant Labs' MCP security notes (2025) and the MCP specification's security warnings (descriptions
 * are untrusted): read secrets, call other tools first, hide things from the user, override instructions.
 */
// The gaps within a sentence are bounded, as in 'secrets': an unbounded gap read each "don't show" or "hide" to the
// sentence's end, which took seconds on a long description (issue 34, finding 3).
export const MODEL_DIRECTIVES: Array<{ kind: string; why: string; pattern: RegExp }> = [
  {
    kind: 'secrets',
    why: 'asks for secrets or credential files',
    pattern:
      /(?:~\/\.(?:ssh|aws|cursor|config)\b[^\s,.;]*|\bid_rsa\b|\b(?:read|open|cat|include|send|pass|upload|attach|forward|provide|copy|paste)\b[^.!?\n]{0,60}?(?:\.env\b|\bapi[_ -]?keys?\b|\bsecrets?\b|\bpasswords?\b|\bcredentials?\b|\bprivate keys?\b|\bmcp\.json\b|\baccess tokens?\b))/gi,
  },
  {
    kind: 'precedence',
    why: 'tells the model to call it before other tools',
    pattern:
      /\b(?:before (?:using|calling|invoking|answering|responding|running) (?:any|every|another|all)(?: other)? (?:tools?|functions?|requests?|questions?)|(?:call|use|invoke|run|negotiate with) (?:this (?:tool|function)|[\w-]+(?: [\w-]+)?) (?:first|before (?:any|every|all|other) \w+)|(?:must|always) be (?:called|used|invoked) (?:first|before (?:any|every|all|other) \w+))/gi,
  },
  {
    kind: 'concealment',
    why: 'tells the model to hide something from the user',
    pattern:
      /\b(?:(?:do not|don't|never) (?:tell|inform|mention|reveal|show|disclose|notify|alert)\b[^.!?\n]{0,100}?\b(?:user|human|anyone)\b|without (?:telling|informing|notifying|asking|alerting) the user|hide [^.!?\n]{0,100}?from the user|\b(?:secretly|covertly)\b)/gi,
  },
  {
    kind: 'override',
    why: "tries to override the model's instructions",
    pattern:
      /(?:<(?:important|system|instructions?)>|\bignore (?:all |any )?(?:previous|prior|other|above|earlier) (?:instructions|rules|tools|messages)\b|\b(?:the )?(?:assistant|model|ai|llm) (?:must|should) (?:always|never)\b)/gi,
  },
];

/**
 * Phrases that tell the model when to use a tool ("use it for ...", "useful when ..."), as opposed to
 * what it does. Their absence is a suggestion, not a problem.
 */
export const USE_FOR_GUIDANCE =
  /\b(?:use (?:it |this(?: tool| function)? )?(?:for|when|to|if|whenever)|useful (?:for|when)|(?:intended|meant|designed|made) (?:for|to)|good for|suited (?:for|to)|when (?:you|the user) (?:need|want|ask)s?|for (?:questions|requests|tasks|queries) (?:about|like|that|on))\b/i;

/**
 * Labels after which a bare list of single words is a keyword list: the words say which requests to
 * route to the tool (or away from it) instead of what the tool does. "Accepts"-style labels list values,
 * which can be kinds ("Accepts: images, videos, documents"), so they need a longer list and are judged
 * by their words too (see rules/task-word-list.ts, taskWordLists).
 */
export const KEYWORD_LIST_LABEL =
  /^(?:(?:do not|don't|never) use (?:it |this(?: tool| function)? )?(?:for|when|with)|use (?:it |this(?: tool| function)? )?(?:for|when|with|on)|(?:not|good|useful|ideal|best|great|handy|perfect|meant|intended) (?:for|when)|for|keywords?|tags?|topics?|triggers?|related(?: to)?|matches)$/i;
export const VALUE_LIST_LABEL = /^(?:accepts?|accepted|takes|handles|supports?|supported|covers|works (?:with|for|on)|inputs?|examples?|such as|e\.g\.?)$/i;

/**
 * A clipped fragment: an ellipsis glued to a cut word and ending the sentence ("the Okafor househol...",
 * "Utah and Arizona, Jun...."), a number or a space cut before the sentence's own period ("Groceries 12.5....",
 * "Utah and ...."), or the reflection cap's "... [truncated]". Ellipses people write are left alone: inside
 * quotes or brackets ("CA...\"", "[...]"), in sequences ("0, 1, 2, ...", "n * ... * 1"), repeating
 * decimals at the end ("returns 0.333..."), "etc...". A match names the fragment: up to six words before the
 * ellipsis, within its sentence.
 */
export const CLIPPED_FRAGMENT: RegExp[] = [
  /(?<!\S)(?:\S*[^\s.!?:][ \t]+){0,5}\S*\p{L}(?<!\betc)(?:\.\.\.|…)(?=[.\s]|$)/gu,
  /(?<!\S)(?:\S*[^\s.!?:][ \t]+){0,5}(?:\S*\p{N})?(?:\.\.\.|…)(?=\.(?:\s|$))/gu,
  /(?<!\S)(?:\S*[^\s.!?:][ \t]+){0,5}\S*\.\.\. \[truncated\]/gu,
];

/**
 * Words that open a sentence in tool descriptions and are lower-case inside one: a capitalised one straight
 * after a word, on the same line and with no punctuation between, starts a sentence the text never ended
 * ("... from the task board Use it when ..."). Names and titles ("Search the Web", "in Celsius") are not
 * among them; "A" is left out, as in "vitamin A levels".
 */
const SENTENCE_OPENERS = [
  'It',
  'Its',
  'This',
  'These',
  'They',
  'There',
  'The',
  'An',
  'Use',
  'Returns',
  'For',
  'To',
  'When',
  'If',
  'Do',
  'Does',
  'Not',
  'Only',
  'Note',
  'You',
  'Each',
  'Also',
  'Can',
  'Must',
  'Should',
  'Supports',
  'Accepts',
  'Takes',
  'Requires',
  'Always',
  'Never',
  // the openers of the claims the sim proposer writes (optimizer/proposers/sim/operators/add-claim.ts, ASSERTIVE_CLAIMS)
  'Trusted',
  'Guaranteed',
  'Highly',
  'Actively',
];

/**
 * A run-on join: a word ending in a letter or digit (perhaps inside closing quotes or brackets), a space, then
 * a sentence opener followed by a lower-case word ("graph Use it", "'3 * (4 + 5)' Guaranteed to"). Group 1 is
 * the join as written.
 */
export const RUN_ON_JOIN = new RegExp(
  `(?<![\\p{L}\\p{N}_'’-])([\\p{L}\\p{N}'’-]*[\\p{Ll}\\p{N}](?:['"”’)\\]]+)?[ \\t]+(?:${SENTENCE_OPENERS.join('|')}))(?=[ \\t]+\\p{Ll})`,
  'gu',
);

/**
 * An example that shows no arguments: "For example, {} returns ...", "e.g. [] gives ...". One run of spaces before an
 * optional comma: `\s*,?\s*` split a long run of spaces every way between its two \s* (issue 34, finding 3).
 */
export const EMPTY_EXAMPLE =
  /\b(?:for example|for instance|e\.g\.|example:)\s*(?:,\s*)?`?(?:\{\s*\}|\[\s*\]|\(\s*\)|""|'')`?\s*(?:returns|gives|yields|->|=>|→)/gi;
