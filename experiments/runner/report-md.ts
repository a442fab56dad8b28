import { mdCell } from '../format.ts';
import * as columns from './columns.ts';
import type { ExperimentReport } from './run-experiment.ts';
import { spendNote } from './spend-cells.ts';

export function markdownTable(t: columns.Table): string[] {
  return [`| ${t.head.map(mdCell).join(' | ')} |`, `|${t.head.map(() => '---').join('|')}|`, ...t.rows.map((r) => `| ${r.map(mdCell).join(' | ')} |`)];
}

export function renderExperimentMarkdown(report: ExperimentReport): string {
  const s = report.settings;
  const conditions = Object.entries(s.conditions)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  const out = [
    '# tdo experiment',
    '',
    ...columns.answerSentences(report).map((a) => `**${a}**  `),
    ...columns.lintSentences(report).map((l) => `${l}  `),
    '',
    `${columns.agentSentence(report)}  `,
    `Split: ${s.split}${report.suites.some((x) => x.paraphrase !== undefined) ? ' (paraphrase beside it)' : ''} · repeats: ${s.repeats} · seed: ${s.seed}${conditions === '' ? '' : ` · conditions: ${conditions}`} · regression threshold: ${s.threshold} · ${report.createdAt}`,
    '',
    `**${columns.verdictSentence(report)}**`,
    '',
  ];
  for (const suite of report.suites) {
    const conds = Object.entries(suite.conditions)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ');
    out.push(
      `## Suite ${suite.suite}`,
      '',
      `${columns.taskCounts(suite)}${suite.targetServer === null ? '' : `, target server ${suite.targetServer}`}${conds === '' ? '' : `, conditions ${conds}`}.`,
      '',
    );
    out.push(...markdownTable(columns.versionTable(report, suite)), '');
    if (!columns.measuresChoice(suite)) out.push(columns.ONE_SERVER_NOTE, '');
    const changes = columns.taskChangeTable(suite);
    if (suite.comparisons.length > 0) {
      out.push('### Per-task changes against the first version', '');
      for (const c of suite.comparisons) {
        out.push(
          `- ${c.version}: better on ${c.better.length} (${c.better.map((t) => t.taskId).join(', ') || 'none'}), worse on ${c.worse.length} (${c.worse.map((t) => t.taskId).join(', ') || 'none'})`,
        );
        const p = suite.paraphrase?.comparisons.find((x) => x.version === c.version);
        if (p !== undefined)
          out.push(
            `  - paraphrase: better on ${p.better.length} (${p.better.map((t) => t.taskId).join(', ') || 'none'}), worse on ${p.worse.length} (${p.worse.map((t) => t.taskId).join(', ') || 'none'})`,
          );
      }
      out.push('');
      if (changes.rows.length > 0) out.push('Successes per task (successes/episodes):', '', ...markdownTable(changes), '');
    }
  }
  out.push(
    "Success intervals are 95% Wilson intervals; differences use Newcombe's hybrid score interval. First-choice share: the mean share of the agent's first choices (a call right after an error is a fallback, not a choice) that went to the server, with the Wilson interval of its sum; used server: the share of episodes that called the server at all. " +
      'Other score columns are the mean over the episodes that recorded the score (n).' +
      (columns.paraphraseNote(report) === '' ? '' : ` ${columns.paraphraseNote(report)}`) +
      (spendNote(report) === '' ? '' : ` ${spendNote(report)}`),
    '',
  );
  // a report is read later and from anywhere, so its command names the database
  for (const d of report.diffs) out.push(`Description changes ${d.a.label} → ${d.b.label}: \`tdo diff ${d.a.label} ${d.b.label} --db ${report.db}\``);
  out.push('', `Trace database: ${report.db}`, '');
  return out.join('\n');
}
