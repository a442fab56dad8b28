import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inputError, shareablePath, toJsonText } from '../../src/index.ts';
import type { AgentsExperimentReport } from './agents-experiment.ts';
import { renderAgentsExperimentHtml } from './agents-report-html.ts';
import { renderAgentsExperimentMarkdown } from './agents-report-md.ts';
import { renderExperimentHtml } from './report-html.ts';
import { renderExperimentMarkdown } from './report-md.ts';
import type { ExperimentReport } from './run-experiment.ts';
import { experimentReportJson } from './report-json.ts';

export interface WrittenReports {
  dir: string;
  markdown: string;
  json: string;
  html: string;
}

/** Writes report.md, report.json and report.html into `dir` (created if needed), of one agent or across several. */
export function writeExperimentReports(report: ExperimentReport | AgentsExperimentReport, dir: string): WrittenReports {
  const out = resolve(dir);
  const files = { markdown: join(out, 'report.md'), json: join(out, 'report.json'), html: join(out, 'report.html') };
  try {
    mkdirSync(out, { recursive: true });
    const shared = report.kind === 'tdo-experiment-agents' ? shareableAcross(report) : shareable(report);
    const across = shared.kind === 'tdo-experiment-agents';
    writeFileSync(files.markdown, across ? renderAgentsExperimentMarkdown(shared) : renderExperimentMarkdown(shared));
    writeFileSync(files.json, toJsonText(experimentReportJson(shared), 2));
    writeFileSync(files.html, across ? renderAgentsExperimentHtml(shared) : renderExperimentHtml(shared));
  } catch (err) {
    throw inputError(`cannot write the reports to ${out}: ${(err as Error).message}`);
  }
  return { dir: out, ...files };
}

/** The report with its local paths (the trace database, the suite files) as a reader elsewhere may see them. */
function shareable(report: ExperimentReport): ExperimentReport {
  return { ...report, db: shareablePath(report.db), suites: report.suites.map((suite) => ({ ...suite, path: shareablePath(suite.path) })) };
}

function shareableAcross(report: AgentsExperimentReport): AgentsExperimentReport {
  return { ...report, db: shareablePath(report.db), experiments: report.experiments.map(shareable) };
}

/** reports/experiment-YYYYMMDD-HHMMSS under the working directory. */
export function defaultReportDir(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return resolve('reports', `experiment-${stamp}`);
}
