/**
 * `tdo lint`: what a reviewer should know about a set of tool descriptions before shipping them.
 * Inflated claims reuse the sim agent's cue lexicon, so the lint and the selection model agree on what
 * sways a model; the patterns only the lint needs live in patterns.ts.
 */
import { findCues, type CueFamily } from '../../../src/agents/sim/cues.ts';
import { splitLimitClauses } from '../../../src/agents/sim/limits.ts';
import { terms } from '../../../src/agents/sim/text.ts';
import { countDescriptionTokens } from '../../../traces/index.ts';
import { EXTRA_INFLATION, MODEL_DIRECTIVES, USE_FOR_GUIDANCE } from './patterns.ts';

export const LINT_RULES = [
  'model-directive',
  'inflated-claim',
  'social-proof',
  'missing-purpose',
  'excessive-length',
  'unverifiable-claim',
  'missing-use-for',
  'missing-not-for',
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
  'unverifiable-claim': 'info',
  'missing-use-for': 'info',
  'missing-not-for': 'info',
};

export interface LintFlag {
  tool: string;
  rule: LintRule;
  severity: LintSeverity;
  message: string;
  /** The text that triggered the flag, as written; null for something missing. */
  phrase: string | null;
}

/**
 * Above this many o200k_base tokens a description is flagged: each listed tool's text is sent with
 * every request. In the calibration data the plain BFCL descriptions run to 45 tokens and the
 * example-carrying ones to 181, while 358 of the 360 "increaseLength" rewrites of Faghih et al. exceed it.
 */
export const MAX_DESCRIPTION_TOKENS = 200;
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

/** Lints one description. */
export function lintDescription(tool: string, text: string): LintFlag[] {
  const flags: LintFlag[] = [];
  const add = (rule: LintRule, message: string, phrase: string | null) => flags.push({ tool, rule, severity: RULE_SEVERITY[rule], message, phrase });

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

  const plain = promotional.reduce((rest, phrase) => rest.replace(phrase, ' '), text);
  if (terms(plain).length < MIN_PURPOSE_TERMS) add('missing-purpose', 'does not say what the tool does', null);
  const tokens = countDescriptionTokens({ [tool]: text });
  if (tokens > MAX_DESCRIPTION_TOKENS) add('excessive-length', `${tokens} tokens (over ${MAX_DESCRIPTION_TOKENS}), sent with every request`, null);
  if (!USE_FOR_GUIDANCE.test(text)) add('missing-use-for', 'no guidance on when to use it ("use it for ...")', null);
  if (splitLimitClauses(text).limits.length === 0) add('missing-not-for', 'no statement of what it does not do ("does not ...", "not for ...")', null);
  return dedupe(flags);
}

/** Lints every description of a version, tools in name order. */
export function lintDescriptions(descriptions: Record<string, string>): LintFlag[] {
  return Object.keys(descriptions)
    .sort()
    .flatMap((tool) => lintDescription(tool, descriptions[tool]!));
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
