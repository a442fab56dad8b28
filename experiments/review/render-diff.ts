// Renderings of a VersionDiff: terminal text (colored only on a TTY), Markdown, JSON and a standalone HTML page.
import { changeWithInterval, escapeHtml, interval, mdCell, percent, points, signed } from '../format.ts';
import { counted, isSimulatedAgentId, boundedList, terminalSafe, toJsonText } from '../../src/index.ts';
import type { LintFlag } from './lint/lint.ts';
import type { LintCounts, SideSummary, ToolDiff, VersionDiff } from './version-diff.ts';
import { versionDiffJson } from './review-json.ts';
import type { DifferenceInterval } from '../../src/index.ts';

export const DIFF_FORMATS = ['text', 'md', 'json', 'html'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

export function renderDiff(diff: VersionDiff, format: DiffFormat, options: { color?: boolean } = {}): string {
  switch (format) {
    case 'json':
      return toJsonText(versionDiffJson(diff), 2);
    // Markdown and HTML are printed too: made safe whole. The terminal text is made safe before it is coloured.
    case 'md':
      return terminalSafe(renderMarkdown(diff));
    case 'html':
      return terminalSafe(renderHtml(diff));
    case 'text':
      return renderText(diff, options.color === true);
  }
}

/** The tools a reader needs to see (changed, added, removed, or with lint flags that moved); the rest only named. */
function splitUnchanged(diff: VersionDiff): { shown: ToolDiff[]; unchanged: string } {
  const quiet = (t: ToolDiff) => t.status === 'unchanged' && t.lintAppeared.length + t.lintDisappeared.length === 0;
  const names = diff.tools.filter(quiet).map((t) => t.tool);
  const unchanged = names.length === 0 ? '' : `${counted(names.length, 'tool')} unchanged: ${boundedList(names, { max: UNCHANGED_NAMED })}`;
  return { shown: diff.tools.filter((t) => !quiet(t)), unchanged };
}

/** Unchanged tools named before the rest are counted: a 500-tool server with one edit is one section and one line. */
const UNCHANGED_NAMED = 30;

const ANSI = { red: '\u001b[31m', green: '\u001b[32m', dim: '\u001b[2m', bold: '\u001b[1m', strike: '\u001b[9m', reset: '\u001b[0m' };

const rate = (x: number | null) => (x === null ? '–' : percent(x));
const change = (x: number | null) => (x === null ? '–' : points(x));
/** "46.7% [25%, 70%]": the success rate with its 95% interval, as `tdo experiment` shows it. */
const successCell = (s: SideSummary) => (s.measured === null ? '–' : interval(s.measured.success, 0));
/** "+46.7 pts [+13.9 pts, +69.2 pts]" */
const successChangeCell = (c: DifferenceInterval | null) => (c === null ? '–' : changeWithInterval(c));

function sideLine(name: string, s: SideSummary): string {
  const m = s.measured;
  const rates =
    m === null
      ? 'not measured'
      : `success ${successCell(s)}  first-choice share ${rate(m.firstChoiceShare)}  used server ${rate(m.usedServer)}  (${m.by === 'optimize' ? `optimize run ${m.runId}, ${m.suite}/${m.split}, ${m.success.n} tasks` : `${m.runId}, ${m.suite}/${m.split}, ${m.success.n} episodes`}, ${agentLabel(m.agent)})`;
  return `${name} ${s.label}${s.origin === null ? '' : `  [${s.origin}]`}\n    tokens ${s.tokens}  lint flags ${s.lintFlags}  ${rates}`;
}

function agentLabel(agent: string): string {
  return isSimulatedAgentId(agent) ? `${agent} agent, simulated` : agent;
}

function deltaLine(diff: VersionDiff): string {
  const { metrics } = diff;
  const rates =
    metrics.successChange === null
      ? metrics.note
      : `success ${successChangeCell(metrics.successChange)}  first-choice share ${change(metrics.firstChoiceShare)}  used server ${change(metrics.usedServer)}  (${metrics.note})`;
  return `Δ  tokens ${signed(diff.tokenDelta)}  lint ${lintChange(diff)}  ${rates}`;
}

/** "1 (1 error)", "3 (1 error, 2 warnings)", "0" */
export function severityBreakdown(c: LintCounts): string {
  const parts = [
    c.error > 0 ? `${c.error} error${c.error === 1 ? '' : 's'}` : '',
    c.warning > 0 ? `${c.warning} warning${c.warning === 1 ? '' : 's'}` : '',
    c.info > 0 ? `${c.info} info` : '',
  ].filter(Boolean);
  return parts.length === 0 ? '0' : `${c.total} (${parts.join(', ')})`;
}

/** Gained and lost side by side, never netted: one new error and one fixed suggestion are not "±0". */
function lintChange(diff: VersionDiff): string {
  return `+${severityBreakdown(diff.lint.gained)} gained, −${severityBreakdown(diff.lint.lost)} lost`;
}

function flagText(f: LintFlag): string {
  return `${f.rule} (${f.severity})${f.phrase === null ? '' : ` "${f.phrase}"`}: ${f.message}`;
}

function renderText(diff: VersionDiff, color: boolean): string {
  const paint = (code: string, text: string) => (color ? `${code}${terminalSafe(text)}${ANSI.reset}` : terminalSafe(text));
  const lines = [
    paint(ANSI.bold, `diff ${diff.a.label} → ${diff.b.label}${diff.a.server === null ? '' : `  (server ${diff.a.server})`}`),
    terminalSafe(sideLine('A', diff.a)),
    terminalSafe(sideLine('B', diff.b)),
    terminalSafe(deltaLine(diff)),
    '',
  ];
  const { shown, unchanged } = splitUnchanged(diff);
  for (const t of shown) {
    lines.push(paint(ANSI.bold, `── ${t.tool}  ${t.status}, tokens ${t.tokensA} → ${t.tokensB} (${signed(t.tokenDelta)})`));
    if (t.status === 'unchanged') {
      lines.push(paint(ANSI.dim, '   (same text)'));
    } else {
      const body = t.segments
        .map((s) =>
          s.op === 'same'
            ? terminalSafe(s.text)
            : color
              ? paint(s.op === 'added' ? ANSI.green : ANSI.red + ANSI.strike, s.text)
              : s.op === 'added'
                ? `{+${terminalSafe(s.text)}+}`
                : `[-${terminalSafe(s.text)}-]`,
        )
        .join('');
      lines.push(...body.split('\n').map((l) => `   ${l}`));
    }
    for (const f of t.lintAppeared) lines.push(paint(ANSI.red, `   + lint ${flagText(f)}`));
    for (const f of t.lintDisappeared) lines.push(paint(ANSI.green, `   − lint ${flagText(f)}`));
    lines.push('');
  }
  if (unchanged !== '') lines.push(paint(ANSI.dim, unchanged), '');
  if (!color) lines.push('[-removed-] {+added+}; lint flags: + appeared in B, − gone in B');
  return `${lines.join('\n')}\n`;
}

function rateCell(s: SideSummary, key: 'firstChoiceShare' | 'usedServer'): string {
  return rate(s.measured?.[key] ?? null);
}

function summaryRows(diff: VersionDiff): string[][] {
  const m = diff.metrics;
  return [
    ['tokens', String(diff.a.tokens), String(diff.b.tokens), signed(diff.tokenDelta)],
    ['success [95% CI]', successCell(diff.a), successCell(diff.b), successChangeCell(m.successChange)],
    ['first-choice share', rateCell(diff.a, 'firstChoiceShare'), rateCell(diff.b, 'firstChoiceShare'), change(m.firstChoiceShare)],
    ['used server', rateCell(diff.a, 'usedServer'), rateCell(diff.b, 'usedServer'), change(m.usedServer)],
    ['lint flags', String(diff.a.lintFlags), String(diff.b.lintFlags), `+${diff.lint.gained.total} −${diff.lint.lost.total}`],
    ['lint gained', '–', '–', severityBreakdown(diff.lint.gained)],
    ['lint lost', '–', '–', severityBreakdown(diff.lint.lost)],
  ];
}

function markdownSegments(t: ToolDiff): string {
  return t.segments
    .map((s) => (s.op === 'same' ? escapeHtml(s.text) : `<${s.op === 'added' ? 'ins' : 'del'}>${escapeHtml(s.text)}</${s.op === 'added' ? 'ins' : 'del'}>`))
    .join('');
}

function renderMarkdown(diff: VersionDiff): string {
  const out = [
    `# ${diff.a.label} → ${diff.b.label}`,
    '',
    `A: \`${diff.a.label}\`${diff.a.origin === null ? '' : ` (${diff.a.origin})`}  `,
    `B: \`${diff.b.label}\`${diff.b.origin === null ? '' : ` (${diff.b.origin})`}`,
    '',
    '| | A | B | Δ |',
    '|---|---:|---:|---:|',
    ...summaryRows(diff).map((r) => `| ${r.join(' | ')} |`),
    '',
    `Rates: ${mdCell(diff.metrics.note)}${[diff.a, diff.b].some((s) => isSimulatedAgentId(s.measured?.agent ?? '')) ? ' (sim agent: a simulated selection model, not an LLM)' : ''}.`,
    '',
  ];
  const { shown, unchanged } = splitUnchanged(diff);
  for (const t of shown) {
    out.push(`## ${t.tool}: ${t.status}, tokens ${t.tokensA} → ${t.tokensB} (${signed(t.tokenDelta)})`, '');
    out.push(t.status === 'unchanged' ? '_same text_' : `> ${markdownSegments(t).replace(/\n/g, '<br>')}`, '');
    for (const f of t.lintAppeared)
      out.push(`- ⚠ lint appeared: **${f.rule}** (${f.severity})${f.phrase === null ? '' : ` “${mdCell(f.phrase)}”`}: ${f.message}`);
    for (const f of t.lintDisappeared)
      out.push(`- ✓ lint gone: **${f.rule}** (${f.severity})${f.phrase === null ? '' : ` “${mdCell(f.phrase)}”`}: ${f.message}`);
    if (t.lintAppeared.length + t.lintDisappeared.length > 0) out.push('');
  }
  if (unchanged !== '') out.push(`_${mdCell(unchanged)}_`, '');
  return `${out.join('\n')}\n`;
}

function htmlFlag(f: LintFlag, kind: 'appeared' | 'gone'): string {
  return `<li class="flag ${kind} ${f.severity}">${kind === 'appeared' ? 'appeared' : 'gone'}: <b>${escapeHtml(f.rule)}</b> (${f.severity})${f.phrase === null ? '' : ` <q>${escapeHtml(f.phrase)}</q>`}: ${escapeHtml(f.message)}</li>`;
}

export const DIFF_CSS = `
del{background:#ffe0e0;color:#8a1010;text-decoration:line-through}ins{background:#dcf5dc;color:#0b5a0b;text-decoration:none}
.tool{border:1px solid #ddd;border-radius:6px;padding:.6em 1em;margin:1em 0}.tool h3{margin:.2em 0 .5em;font-size:1.05em}
.text{white-space:pre-wrap;line-height:1.5;overflow-wrap:anywhere}.flag.appeared{color:#8a1010}.flag.gone{color:#0b5a0b}.muted{color:#777}
.scroll{overflow-x:auto;max-width:100%}`;

export function diffSectionHtml(diff: VersionDiff): string {
  const rows = summaryRows(diff)
    .map((r) => `<tr><th>${r[0]}</th><td>${r[1]}</td><td>${r[2]}</td><td>${r[3]}</td></tr>`)
    .join('');
  const { shown, unchanged } = splitUnchanged(diff);
  const tools = shown
    .map((t) => {
      const body = t.status === 'unchanged' ? '<p class="muted">same text</p>' : `<div class="text">${markdownSegments(t)}</div>`;
      const flags = [...t.lintAppeared.map((f) => htmlFlag(f, 'appeared')), ...t.lintDisappeared.map((f) => htmlFlag(f, 'gone'))].join('');
      return `<section class="tool"><h3>${escapeHtml(t.tool)} <span class="muted">${t.status}, tokens ${t.tokensA} → ${t.tokensB} (${signed(t.tokenDelta)})</span></h3>${body}${flags === '' ? '' : `<ul>${flags}</ul>`}</section>`;
    })
    .join('\n');
  return `<div class="scroll"><table class="summary"><thead><tr><th></th><th>A ${escapeHtml(diff.a.label)}</th><th>B ${escapeHtml(diff.b.label)}</th><th>Δ</th></tr></thead><tbody>${rows}</tbody></table></div>
<p class="muted">Rates: ${escapeHtml(diff.metrics.note)}</p>
${tools}${unchanged === '' ? '' : `\n<p class="muted">${escapeHtml(unchanged)}</p>`}`;
}

function renderHtml(diff: VersionDiff): string {
  const title = `${diff.a.label} → ${diff.b.label}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:15px/1.4 system-ui,sans-serif;max-width:60em;margin:2em auto;padding:0 1em;overflow-wrap:anywhere}table{border-collapse:collapse}th,td{border:1px solid #ddd;padding:.3em .7em;text-align:right}th:first-child{text-align:left}${DIFF_CSS}</style>
</head><body><h1>${escapeHtml(title)}</h1>
<p>A: ${escapeHtml(diff.a.origin ?? 'file')} · B: ${escapeHtml(diff.b.origin ?? 'file')}</p>
${diffSectionHtml(diff)}
</body></html>
`;
}
