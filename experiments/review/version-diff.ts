// `tdo diff A B`: what changed between two description versions, tool by tool, and what it did.
import { diffWords } from 'diff';
import { countDescriptionTokens } from '../../traces/index.ts';
import type { VersionMeasurement } from './versions/measurements.ts';
import { differenceInterval, type DifferenceInterval } from '../../src/index.ts';
import type { LintSeverity } from './lint/lint-rule.ts';
import { flagKey, lintDescription, type LintFlag } from './lint/lint.ts';

/** One side of a diff: a stored version (with its latest measurement) or a descriptions file. */
export interface DiffSource {
  /** the version id or the file path */
  label: string;
  server: string | null;
  origin: string | null;
  descriptions: Record<string, string>;
  measured: VersionMeasurement | null;
}

export interface Segment {
  op: 'same' | 'added' | 'removed';
  text: string;
}

export interface ToolDiff {
  tool: string;
  status: 'changed' | 'unchanged' | 'added' | 'removed';
  segments: Segment[];
  tokensA: number;
  tokensB: number;
  tokenDelta: number;
  lintAppeared: LintFlag[];
  lintDisappeared: LintFlag[];
}

export interface SideSummary {
  label: string;
  server: string | null;
  origin: string | null;
  tokens: number;
  measured: VersionMeasurement | null;
  /** lint flags of every severity */
  lintFlags: number;
}

export interface MetricDeltas {
  /** B's success minus A's (delta in rate units, 0.1 = 10 points) with its 95% Newcombe interval, as `tdo experiment` gives it; null when not both measured in comparable runs */
  successChange: DifferenceInterval | null;
  firstChoiceShare: number | null;
  usedServer: number | null;
  /** Why the deltas are null, or where they were measured. */
  note: string;
}

/** Lint flags counted by severity. */
export type LintCounts = Record<LintSeverity, number> & { total: number };

export interface VersionDiff {
  a: SideSummary;
  b: SideSummary;
  tools: ToolDiff[];
  tokenDelta: number;
  metrics: MetricDeltas;
  /** flags B has that A had not, and flags of A that B no longer has, over all tools (never netted out) */
  lint: { gained: LintCounts; lost: LintCounts };
}

/** B is linted with A as its parent, so a limit A stated and B dropped is one of B's flags (removed-limit). */
export function diffSources(a: DiffSource, b: DiffSource): VersionDiff {
  const names = [...new Set([...Object.keys(a.descriptions), ...Object.keys(b.descriptions)])].sort();
  const flagsA = lintByTool(a.descriptions);
  const flagsB = lintByTool(b.descriptions, a.descriptions);
  const tools = names.map((tool) => diffTool(tool, a.descriptions, b.descriptions, { a: flagsA.get(tool) ?? [], b: flagsB.get(tool) ?? [] }));
  const summary = (s: DiffSource, flags: ReadonlyMap<string, LintFlag[]>): SideSummary => ({
    label: s.label,
    server: s.server,
    origin: s.origin,
    tokens: countDescriptionTokens(s.descriptions),
    measured: s.measured,
    lintFlags: [...flags.values()].reduce((n, f) => n + f.length, 0),
  });
  const sa = summary(a, flagsA);
  const sb = summary(b, flagsB);
  const lint = { gained: lintCounts(tools.flatMap((t) => t.lintAppeared)), lost: lintCounts(tools.flatMap((t) => t.lintDisappeared)) };
  return { a: sa, b: sb, tools, tokenDelta: sb.tokens - sa.tokens, metrics: metricDeltas(a.measured, b.measured), lint };
}

/**
 * Each tool's flags, linted once among its own version's tools (and against the parent's text of the same tool).
 * One list of names for every tool: the lint indexes a list once (src/text/limits.ts, lint/stuffing.ts), so a
 * list made per tool re-read every name for each tool, which took diff 51 s at 5,000 tools.
 */
function lintByTool(descriptions: Readonly<Record<string, string>>, parent?: Readonly<Record<string, string>>): Map<string, LintFlag[]> {
  const tools = Object.keys(descriptions);
  const context = { tools, ...(parent === undefined ? {} : { parent }) };
  return new Map(tools.map((tool) => [tool, lintDescription(tool, descriptions[tool]!, context)]));
}

function lintCounts(flags: LintFlag[]): LintCounts {
  const count = (severity: LintSeverity) => flags.filter((f) => f.severity === severity).length;
  return { total: flags.length, error: count('error'), warning: count('warning'), info: count('info') };
}

/** One tool's change, given each side's flags for it. */
function diffTool(tool: string, a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>, flags: { a: LintFlag[]; b: LintFlag[] }): ToolDiff {
  const [before, after] = [a[tool], b[tool]];
  const tokensA = before === undefined ? 0 : countDescriptionTokens({ [tool]: before });
  const tokensB = after === undefined ? 0 : countDescriptionTokens({ [tool]: after });
  const { a: flagsA, b: flagsB } = flags;
  const keysA = new Set(flagsA.map(flagKey));
  const keysB = new Set(flagsB.map(flagKey));
  const status = before === undefined ? 'added' : after === undefined ? 'removed' : before === after ? 'unchanged' : 'changed';
  return {
    tool,
    status,
    segments: diffWords(before ?? '', after ?? '').map((c) => ({ op: c.added ? 'added' : c.removed ? 'removed' : 'same', text: c.value })),
    tokensA,
    tokensB,
    tokenDelta: tokensB - tokensA,
    lintAppeared: flagsB.filter((f) => !keysA.has(flagKey(f))),
    lintDisappeared: flagsA.filter((f) => !keysB.has(flagKey(f))),
  };
}

/** Deltas only between runs of the same suite, split and agent: other rates are not comparable. */
function metricDeltas(a: VersionMeasurement | null, b: VersionMeasurement | null): MetricDeltas {
  if (a === null || b === null) {
    const missing = [a === null ? 'A' : null, b === null ? 'B' : null].filter(Boolean).join(' and ');
    return {
      successChange: null,
      firstChoiceShare: null,
      usedServer: null,
      note: `${missing} not measured yet (run \`tdo experiment\` on both)`,
    };
  }
  const where = (m: VersionMeasurement) => `${m.suite}/${m.split} with ${m.agent}`;
  if (where(a) !== where(b))
    return {
      successChange: null,
      firstChoiceShare: null,
      usedServer: null,
      note: `measured in different settings (A: ${where(a)}, B: ${where(b)}): not comparable`,
    };
  const delta = (key: 'firstChoiceShare' | 'usedServer') => (a[key] === null || b[key] === null ? null : b[key] - a[key]);
  return {
    successChange: differenceInterval(a.success, b.success),
    firstChoiceShare: delta('firstChoiceShare'),
    usedServer: delta('usedServer'),
    note: `both measured on ${where(a)}`,
  };
}
