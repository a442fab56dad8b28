import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inputError, toJsonText } from '../../src/index.ts';
import type { AgentsExperimentReport } from './agents-experiment.ts';
import { renderAgentsExperimentHtml } from './agents-report-html.ts';
import { renderAgentsExperimentMarkdown } from './agents-report-md.ts';
import { renderExperimentHtml } from './report-html.ts';
import { renderExperimentMarkdown } from './report-md.ts';
import type { ExperimentReport } from './run-experiment.ts';

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
    const across = report.kind === 'tdo-experiment-agents';
    writeFileSync(files.markdown, across ? renderAgentsExperimentMarkdown(report) : renderExperimentMarkdown(report));
    writeFileSync(files.json, toJsonText(report, 2));
    writeFileSync(files.html, across ? renderAgentsExperimentHtml(report) : renderExperimentHtml(report));
  } catch (err) {
    throw inputError(`cannot write the reports to ${out}: ${(err as Error).message}`);
  }
  return { dir: out, ...files };
}

/** reports/experiment-YYYYMMDD-HHMMSS under the working directory. */
export function defaultReportDir(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return resolve('reports', `experiment-${stamp}`);
}
