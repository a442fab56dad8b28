/**
 * Phrasings the lint looks for beyond the sim's cue lexicon (src/agents/sim/cues.ts), which already
 * covers endorsement, social proof, maintenance and breadth claims. Each pattern is a general English
 * phrasing; every one was checked against the plain BFCL descriptions in test/fixtures/tool-preferences
 * (none of them fires there; see test/experiments/review/lint/calibration.test.ts).
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
      /\b(?:(?:do not|don't|never) (?:tell|inform|mention|reveal|show|disclose|notify|alert)\b[^.!?\n]*?\b(?:user|human|anyone)\b|without (?:telling|informing|notifying|asking|alerting) the user|hide [^.!?\n]*?from the user|\b(?:secretly|covertly)\b)/gi,
  },
  {
    kind: 'override',
    why: 'tries to override the model\'s instructions',
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
