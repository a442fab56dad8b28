/**
 * Description cues that sway selection beyond what a tool does. Families follow the edits of Faghih et
 * al. (EMNLP 2025, arXiv 2505.18135): assertive endorsement, name-dropping / numerical claims (social
 * proof), maintenance claims, usage examples; plus breadth claims ("does everything"), the overconfident
 * contractor's signature. The lexicons are general English phrasings, not the paper's sentences; their
 * weights in the sim's choice model live in src/agents/sim/params.ts; lint reads the same lexicons.
 */

export const CUE_FAMILIES = ['endorsement', 'socialProof', 'maintenance', 'example', 'breadth'] as const;
export type CueFamily = (typeof CUE_FAMILIES)[number];
export type CueCounts = Record<CueFamily, number>;

const LEXICON: Record<CueFamily, RegExp[]> = {
  endorsement: [
    // Self-referential forms only: "the best route" describes the domain, not the tool.
    /\b(?:(?:is|are) the best(?: (?:tool|function|choice|option|solution|way))?|best (?:tool|function|choice|option|solution|way))\b/gi,
    /\bmost (?:effective|accurate|reliable|powerful|efficient|advanced|capable|complete|comprehensive|trusted)\b/gi,
    // "... read_text_file, which should be used instead" points away from the tool
    /\bshould (?:always )?be (?:called|used|chosen|preferred|tried)\b(?! instead\b)/gi,
    /\b(?:always|first) (?:use|call|choose|try|prefer)\b/gi,
    /\bwhenever possible\b/gi,
    /\bguarantee(?:s|d)?\b/gi,
    /\b(?:highly |strongly )?recommended\b(?! by)/gi,
    /\b(?:preferred|go-to|first) (?:tool|function|choice|option|method|solution)\b/gi,
    /\b(?:top-rated|unmatched|unrivaled|flawless)\b/gi,
    /\b(?:100%|fully|completely) (?:accurate|reliable|correct)\b/gi,
    /\b(?:state[- ]of[- ]the[- ]art|industry[- ]leading|world[- ]class|best[- ]in[- ]class)\b/gi,
  ],
  socialProof: [
    /\b(?:trusted|used|loved|relied on|endorsed|certified|backed|chosen|recommended) by\b/gi,
    // A number from its first digit only, and one run of spaces before its multiplier or "+": starting at every digit of
    // "0,0,0,...", or splitting a run of spaces between two \s, took seconds on a long description (issue 34, finding 3).
    /\b(?<![\d,.])\d[\d,.]*(?:\s*(?:k|m|thousand|million|billion)\+?|\s*\+)?\s+(?:users|customers|developers|companies|teams|downloads|installs|people|businesses|organizations)\b/gi,
    /\b(?:thousands|millions|billions) of (?:users|customers|developers|companies|teams|people|businesses)\b/gi,
    /\b(?:widely used|award[- ]winning)\b/gi,
    /\b(?:most|hugely|very) popular (?:tool|function|api|service|choice|option|solution)\b/gi,
  ],
  maintenance: [
    /\bactively (?:maintained|developed|supported)\b/gi,
    /\b(?:regularly|frequently|continuously|constantly) (?:updated|maintained|improved)\b/gi,
    /\bwell[- ](?:maintained|tested)\b/gi,
    // Freshness is claimed by the adjective before a noun ("up-to-date directions") or after a word of upkeep ("kept up
    // to date"); the open form elsewhere is what a tool does or reports: "Bring a pull request's branch up to date",
    // "whether the branch is up to date".
    /\bup-to-date\b|\b(?:always|kept|keeps|stays?|remains?|continuously|constantly|regularly|fully|most) up to date\b/gi,
    /\b(?:production[- ](?:ready|grade)|battle[- ]tested|long[- ]term support)\b/gi,
  ],
  example: [/\b(?:usage )?examples?(?: usage)?\s*:/gi, /\b(?:for example|for instance|e\.g\.)/gi, /```/g],
  breadth: [
    // "everything below it" (a folder's) is a scope, not a claim to handle anything
    /\b(?:anything|everything)\b(?! (?:below|under|beneath|inside|within|in (?:it|them|one))\b)/gi,
    /\bany (?:kind|type|sort) of\b/gi,
    /\bany (?:task|request|query|question|problem|job|use case|situation)\b/gi,
    /\bevery (?:task|need|request|query|question|problem|job|use case|situation)\b/gi,
    /\b(?:all[- ]in[- ]one|one[- ]stop|universal)\b/gi,
    /\b(?:does|do|handles?|can do) (?:it )?all\b/gi,
  ],
};

export function countCues(text: string): CueCounts {
  const counts = {} as CueCounts;
  for (const family of CUE_FAMILIES) {
    counts[family] = LEXICON[family].reduce((n, pattern) => n + (text.match(pattern)?.length ?? 0), 0);
  }
  return counts;
}

export interface CueMatch {
  family: CueFamily;
  /** The text that matched, as written. */
  phrase: string;
  index: number;
}

/** Every cue phrase countCues counts, in reading order: what a reviewer needs to see, not just how many. */
export function findCues(text: string): CueMatch[] {
  return CUE_FAMILIES.flatMap((family) =>
    LEXICON[family].flatMap((pattern) => [...text.matchAll(pattern)].map((m) => ({ family, phrase: m[0], index: m.index }))),
  ).sort((a, b) => a.index - b.index);
}
