/**
 * `tdo lint`: what a reviewer should know about a set of tool descriptions before shipping them, by the rules of
 * lint-rules.ts.
 */
import { REPORT_PARTS, type Finding, type LintSeverity } from './lint-rule.ts';
import { LINT_RULES, type AnyLintRule, type LintRuleId } from './lint-rules.ts';
import { type LintContext, LintedDescription } from './linted-description.ts';

export interface LintFlag {
  tool: string;
  rule: LintRuleId;
  severity: LintSeverity;
  message: string;
  /** The text that triggered the flag, as written; null for something missing. */
  phrase: string | null;
}

/** Lints one description. */
export function lintDescription(tool: string, text: string, context: LintContext = {}): LintFlag[] {
  const description = new LintedDescription(tool, text, context);
  const found = LINT_RULES.flatMap((rule) => rule.check(description).map((finding: Finding): Found => ({ rule, finding })));
  return dedupe(
    inReportOrder(found).map(({ rule, finding }) => ({ tool, rule: rule.id, severity: rule.severity, message: finding.message, phrase: finding.phrase })),
  );
}

interface Found {
  rule: AnyLintRule;
  finding: Finding;
}

/**
 * The findings by the part of the report their rule's go in, each part in the order of LINT_RULES; the claim rules'
 * among themselves in the order of the claims (claims.ts), which interleaves them by where each stands in the text.
 */
function inReportOrder(found: Found[]): Found[] {
  const ordered = [...found].sort((a, b) => REPORT_PARTS.indexOf(a.rule.reported) - REPORT_PARTS.indexOf(b.rule.reported));
  const claimPlaces = ordered.flatMap((f, place) => (f.finding.claimRank === undefined ? [] : [place]));
  const claims = claimPlaces.map((place) => ordered[place]!).sort((a, b) => a.finding.claimRank! - b.finding.claimRank!);
  claimPlaces.forEach((place, i) => (ordered[place] = claims[i]!));
  return ordered;
}

/** Lints every description of a version, tools in name order. */
export function lintDescriptions(descriptions: Readonly<Record<string, string>>, context: LintContext = {}): LintFlag[] {
  // one list for every tool: the limit clauses index a server's names once per list (src/text/limits.ts)
  const tools = Object.keys(descriptions);
  return [...tools].sort().flatMap((tool) => lintDescription(tool, descriptions[tool]!, { tools, ...context }));
}

/**
 * Lints a version against each of its parents (a merge has two): a limit dropped relative to any of them is
 * reported, every other flag once.
 */
export function lintAgainstParents(
  descriptions: Readonly<Record<string, string>>,
  parents: ReadonlyArray<Readonly<Record<string, string>>>,
  toolResults?: readonly string[],
): LintFlag[] {
  const base = toolResults === undefined ? {} : { toolResults };
  if (parents.length === 0) return lintDescriptions(descriptions, base);
  const flags = dedupe(parents.flatMap((parent) => lintDescriptions(descriptions, { ...base, parent })));
  const order = new Map(
    Object.keys(descriptions)
      .sort()
      .map((tool, i) => [tool, i]),
  );
  return flags.sort((a, b) => order.get(a.tool)! - order.get(b.tool)!);
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
