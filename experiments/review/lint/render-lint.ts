import { counted, terminalSafe } from '../../../src/index.ts';
import { isProblem, type LintFlag } from './lint.ts';

export interface LintReport {
  source: string;
  tools: number;
  flags: LintFlag[];
  /** error and warning flags; info flags are suggestions */
  problems: number;
  /** the parent versions it was compared with (removed-limit) */
  parents: string[];
  /** recorded tool results it was compared with (copied-result) */
  toolResults: number;
}

export function lintReport(
  source: string,
  descriptions: Record<string, string>,
  flags: LintFlag[],
  compared: { parents?: string[]; toolResults?: number } = {},
): LintReport {
  return {
    source,
    tools: Object.keys(descriptions).length,
    flags,
    problems: flags.filter(isProblem).length,
    parents: compared.parents ?? [],
    toolResults: compared.toolResults ?? 0,
  };
}

const MARK = { error: '✖', warning: '▲', info: '·' } as const;

/** One line per flag, grouped by tool, with the phrase that triggered it. */
export function renderLintReport(report: LintReport): string {
  const compared = [
    report.parents.length === 0 ? '' : `parent ${report.parents.join(', ')}`,
    report.toolResults === 0 ? '' : counted(report.toolResults, 'recorded tool result'),
  ].filter(Boolean);
  const lines = [
    `lint ${report.source}: ${counted(report.tools, 'tool')}, ${counted(report.problems, 'problem')}, ${counted(report.flags.length - report.problems, 'suggestion')}`,
  ];
  if (compared.length > 0) lines.push(`compared with ${compared.join(' and ')}`);
  let tool: string | undefined;
  for (const f of report.flags) {
    if (f.tool !== tool) lines.push('', `${f.tool}`);
    tool = f.tool;
    lines.push(`  ${MARK[f.severity]} ${f.severity.padEnd(7)} ${f.rule.padEnd(18)} ${f.phrase === null ? '' : `"${f.phrase}"  `}${f.message}`);
  }
  return terminalSafe(`${lines.join('\n')}\n`);
}
