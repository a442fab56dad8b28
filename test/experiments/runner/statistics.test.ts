import { describe, expect, it } from 'vitest';
import { compareWithBaseline, summarizeVersion } from '../../../experiments/runner/statistics.ts';
import { facts, NO_MODEL_CALLS } from './fake-report.ts';

const version = (id: string) => ({ id, server: 'lab', tokens: 10 });
const run = (runId: string) => ({ runId, status: 'completed' as const, spend: NO_MODEL_CALLS });

describe('summarizeVersion', () => {
  it("computes success with its interval, the server's recorded first-choice and used-server shares, precision, recall and calls", () => {
    const r = summarizeVersion(
      version('v1'),
      run('r-1'),
      facts([
        { task: 'a', success: true, server: 'lab' },
        { task: 'a', success: false, server: 'other' },
        { task: 'b', success: true, server: 'lab' },
        { task: 'c', success: false },
      ]),
      'other',
    );
    expect(r.success).toMatchObject({ successes: 2, n: 4, rate: 0.5 });
    expect(r.success.low).toBeCloseTo(0.15, 2);
    expect(r.firstChoiceShare.rate).toBe(0.5);
    expect(r.usedServer.rate).toBe(0.5);
    expect(r.targetServerShares).toMatchObject({ server: 'other', firstChoiceShare: { rate: 0.25 }, usedServer: { rate: 0.25 } });
    expect(r.precision).toBe(0.5);
    expect(r.recall).toBe(1);
    expect(r.toolCallsPerEpisode).toBe(2);
    expect(r.perTask).toEqual({ a: { successes: 1, episodes: 2 }, b: { successes: 1, episodes: 1 }, c: { successes: 0, episodes: 1 } });
  });

  it('reports any other score generically, averaged over the episodes that recorded it', () => {
    const r = summarizeVersion(
      version('v1'),
      run('r-1'),
      facts([
        { task: 'a', success: true, scores: { savings: 0.2, limit_violation: 0, 'chosen:shop': 1 } },
        { task: 'b', success: false, scores: { limit_violation: 1 } },
      ]),
      undefined,
    );
    expect(r.scores).toEqual({ 'chosen:shop': { mean: 1, episodes: 1 }, limit_violation: { mean: 0.5, episodes: 2 }, savings: { mean: 0.2, episodes: 1 } });
    expect(r.targetServerShares).toBeNull();
  });

  it('handles a run with no finished episode', () => {
    const r = summarizeVersion(version('v1'), run('r-1'), [], undefined);
    expect(r.success).toMatchObject({ n: 0, low: 0, high: 1 });
    expect(r.precision).toBeNull();
  });
});

describe('compareWithBaseline', () => {
  const baseline = summarizeVersion(
    version('base'),
    run('r-1'),
    facts([
      { task: 'a', success: true },
      { task: 'b', success: true },
      { task: 'c', success: false },
      { task: 'd', success: true },
    ]),
    undefined,
  );
  const worse = summarizeVersion(
    version('worse'),
    run('r-2'),
    facts([
      { task: 'a', success: true },
      { task: 'b', success: false },
      { task: 'c', success: true },
      { task: 'd', success: false },
    ]),
    undefined,
  );

  it('lists the tasks that got better and worse', () => {
    const [c] = compareWithBaseline([baseline, worse], 0);
    expect(c!.better.map((t) => t.taskId)).toEqual(['c']);
    expect(c!.worse.map((t) => t.taskId)).toEqual(['b', 'd']);
    expect(c!.success!.delta).toBeCloseTo(-0.25, 12);
    expect(c!.success!.low).toBeLessThan(c!.success!.delta);
    expect(c!.success!.high).toBeGreaterThan(c!.success!.delta);
  });

  it('calls a drop a regression only when the whole interval of the change lies beyond the threshold', () => {
    const many = (id: string, successes: number) =>
      summarizeVersion(version(id), run(id), facts(Array.from({ length: 40 }, (_, i) => ({ task: `t${i}`, success: i < successes }))), undefined);
    const before = many('before', 36);
    const after = many('after', 20); // -40 points, interval about [-56, -20]
    expect(compareWithBaseline([before, after], 0)[0]!.regressed).toBe(true);
    expect(compareWithBaseline([before, after], 0.15)[0]!.regressed).toBe(true);
    expect(compareWithBaseline([before, after], 0.25)[0]!.regressed).toBe(false);
    expect(compareWithBaseline([after, before], 0)[0]!.regressed).toBe(false);
    expect(compareWithBaseline([before], 0)).toEqual([]);
  });

  it('does not call a drop whose interval reaches above the threshold a regression, however large the point estimate', () => {
    // 3/4 -> 2/4: -25 points, but the interval runs to about +32
    const [c] = compareWithBaseline([baseline, worse], 0);
    expect(c!.success!.delta).toBeLessThan(0);
    expect(c!.regressed).toBe(false);
  });
});

describe('errored episodes', () => {
  it('are counted with their causes and left out of every rate', () => {
    const judgedOnes = facts([
      { task: 'a', success: true, server: 'lab' },
      { task: 'b', success: false },
    ]);
    const errored = facts([
      { task: 'c', success: false },
      { task: 'd', success: false },
      { task: 'e', success: false },
    ]).map((f, i) => ({
      ...f,
      status: 'error' as const,
      errorCause: i < 2 ? 'Cannot reach the model endpoint http://127.0.0.1:9/v1' : 'MCP server lab did not answer read_file',
    }));
    const r = summarizeVersion(version('v1'), run('r-1'), [...judgedOnes, ...errored], undefined);
    expect(r.episodes).toBe(5);
    expect(r.errors).toBe(3);
    expect(r.errorCauses).toEqual([
      { cause: 'Cannot reach the model endpoint http://127.0.0.1:9/v1', episodes: 2 },
      { cause: 'MCP server lab did not answer read_file', episodes: 1 },
    ]);
    expect(r.success).toMatchObject({ successes: 1, n: 2, rate: 0.5 });
    expect(r.firstChoiceShare).toMatchObject({ successes: 1, n: 2 });
    expect(Object.keys(r.perTask).sort()).toEqual(['a', 'b']);
  });
});
