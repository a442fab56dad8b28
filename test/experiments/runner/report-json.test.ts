import { describe, expect, it } from 'vitest';
import { experimentReportJson } from '../../../experiments/runner/report-json.ts';
import { toJsonText } from '../../../src/index.ts';
import { fakeReport } from './fake-report.ts';

describe("an experiment report's JSON", () => {
  it('calls the target server and its shares `target`, where scripts have always read them, in their place among the keys', () => {
    const report = fakeReport({ paraphrase: true });
    const json = JSON.parse(toJsonText(experimentReportJson(report))) as {
      suites: Array<Record<string, unknown> & { results: Array<Record<string, unknown>>; paraphrase: { results: Array<Record<string, unknown>> } }>;
    };
    const [suite] = json.suites;
    expect(Object.keys(suite!).slice(0, 4)).toEqual(['suite', 'path', 'target', 'conditions']);
    expect(suite!.target).toBe('mega');
    for (const result of [...suite!.results, ...suite!.paraphrase.results]) {
      expect(result).toHaveProperty('target');
      expect(result).not.toHaveProperty('target_server_shares');
    }
    expect(toJsonText(experimentReportJson(report))).not.toContain('target_server');
  });
});
