import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../input-error.ts';
import { renderExperimentHtml } from './report-html.ts';
import { renderExperimentMarkdown } from './report-md.ts';
import type { ExperimentReport } from './run-experiment.ts';

export interface WrittenReports {
  dir: string;
  markdown: string;
  json: string;
  html: string;
}

/** Writes report.md, report.json and report.html into `dir` (created if needed). */
export function writeExperimentReports(report: ExperimentReport, dir: string): WrittenReports {
  const out = resolve(dir);
  const files = { markdown: join(out, 'report.md'), json: join(out, 'report.json'), html: join(out, 'report.html') };
  try {
    mkdirSync(out, { recursive: true });
    writeFileSync(files.markdown, renderExperimentMarkdown(report));
    writeFileSync(files.json, `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(files.html, renderExperimentHtml(report));
  } catch (err) {
    throw new InputError(`cannot write the reports to ${out}: ${(err as Error).message}`);
  }
  return { dir: out, ...files };
}

/** reports/experiment-YYYYMMDD-HHMMSS under the working directory. */
export function defaultReportDir(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return resolve('reports', `experiment-${stamp}`);
}
