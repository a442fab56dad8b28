// The HTML report of `tdo experiment --agents`: versions x agents first (a table and, per agent, a chart of
// test success with intervals), then each agent's own sections as a one-agent report shows them.
import { escapeHtml, percent } from '../format.ts';
import { diffSectionHtml } from '../review/render-diff.ts';
import { agentsSentence, agentsTable, agentsVerdictSentence } from './agents-columns.ts';
import type { AgentsExperimentReport } from './agents-experiment.ts';
import { answerSentences, paraphraseNote, verdictSentence } from './columns.ts';
import { htmlPage, successBars, suiteSection, tableHtml } from './report-html.ts';
import { barChartSvg, TONE_LEGEND } from './svg-chart.ts';
import { counted } from '../../src/index.ts';

function acrossAgentsSection(report: AgentsExperimentReport): string {
  return report.suites
    .map((suite) => {
      const charts = report.experiments.flatMap((e) => {
        const s = e.suites.find((x) => x.suite === suite.suite);
        return s === undefined
          ? []
          : [
              barChartSvg({
                title: `${e.agent.id}: test success (95% Wilson interval)`,
                bars: successBars(s.results, s.comparisons),
                max: 1,
                format: (v) => percent(v),
              }),
            ];
      });
      return `<section class="suite"><h2>Suite ${escapeHtml(suite.suite)}: versions x agents</h2>
<h3>Test</h3>${tableHtml(agentsTable(report, suite.test), 'agents')}
${suite.paraphrase === undefined ? '' : `<h3>Paraphrase</h3>${tableHtml(agentsTable(report, suite.paraphrase), 'agents')}`}
<div class="charts">${charts.join('')}</div><p class="muted">${escapeHtml(TONE_LEGEND)}</p></section>`;
    })
    .join('\n');
}

export function renderAgentsExperimentHtml(report: AgentsExperimentReport): string {
  const first = report.experiments[0]!;
  const simulated = report.agents.some((a) => a.simulated);
  const perAgent = report.experiments
    .map(
      (e) => `<section class="agent"><h2>Agent ${escapeHtml(e.agent.id)}</h2>
${answerSentences(e)
  .map((a) => `<p class="answer">${escapeHtml(a)}</p>`)
  .join('')}
<p class="verdict ${e.verdict}">${escapeHtml(verdictSentence(e))}</p>
${e.suites.map((suite) => suiteSection(e, suite)).join('\n')}</section>`,
    )
    .join('\n');
  const diffs = first.diffs.map((d) => `<h3>${escapeHtml(d.a.label)} → ${escapeHtml(d.b.label)}</h3>${diffSectionHtml(d)}`).join('\n');
  const s = first.settings;
  return htmlPage(
    `tdo experiment: ${s.suites.join(', ')} with ${report.agents.map((a) => a.id).join(', ')}`,
    `<h1>tdo experiment across agents</h1>
<p class="${simulated ? 'sim' : ''}">${escapeHtml(agentsSentence(report))}</p>
<p>Split ${escapeHtml(s.split)} · ${counted(s.repeats, 'repeat')} · seed ${s.seed} · threshold ${s.threshold} · ${escapeHtml(report.createdAt)}</p>
<p class="verdict ${report.verdict}">${escapeHtml(agentsVerdictSentence(report))}</p>
${acrossAgentsSection(report)}
${perAgent}
${diffs === '' ? '' : `<section class="diffs"><h2>Description changes against the first version</h2>${diffs}</section>`}
<p class="muted">Intervals: 95% Wilson score intervals; differences: Newcombe's hybrid score interval, each against the first version with the same agent.${paraphraseNote(first) === '' ? '' : ` ${escapeHtml(paraphraseNote(first))}`} Trace database ${escapeHtml(report.db)}.</p>`,
  );
}
