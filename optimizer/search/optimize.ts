// One optimize run on an MCP suite: connect once, search (engine + optimizer/adapter/), report seed vs best
// on validation and on the held-out test split (and the paraphrase split, when the suite has one), and
// save the winner as a description version. The search itself sees train (minibatches) and val only.
// Each step is a module of its own: check-search.ts, open-search.ts, search-evaluator.ts, search-config.ts,
// held-out.ts, lineage.ts, build-report.ts.
import { connectSuiteHost } from '../../src/index.ts';
import { runEngine } from '../engine/engine.ts';
import { buildReport } from './build-report.ts';
import { checkRequest } from './check-search.ts';
import { heldOutResults } from './held-out.ts';
import { recordLineage } from './lineage.ts';
import { openSearch } from './open-search.ts';
import { storedReport, type OptimizeReport } from './report/optimize-report.ts';
import { planSearch, resumeOf, type OptimizeRequest } from './optimize-request.ts';
import { SearchRuns } from './run-status.ts';
import { searchConfig } from './search-config.ts';
import { searchEvaluator } from './search-evaluator.ts';
import type { TargetName } from '../adapter/targets.ts';

export { checkSearch, checkTarget } from './check-search.ts';
export { defaultHonestyGate } from '../adapter/targets.ts';
export type { CandidateSummary, OptimizeReport } from './report/optimize-report.ts';
export type { HonestyGate, OptimizeRequest } from './optimize-request.ts';
export type { OptimizeSettings } from './settings.ts';
export type { SplitScores } from './report/split-scores.ts';

export async function optimize(req: OptimizeRequest): Promise<OptimizeReport> {
  checkRequest(req);
  const plan = planSearch(req);
  // Servers that check bearer tokens get them as in `tdo run`.
  const suiteHost = await connectSuiteHost(req.loaded.suite, plan.conditions.effect, req.signal);
  const runs = new SearchRuns(req.store);
  try {
    const opened = openSearch(req, plan, suiteHost.host, runs);
    const evaluator = searchEvaluator(req, plan, suiteHost, opened);
    const result = await runEngine(searchConfig(req, plan, opened, evaluator));
    const heldOut = await heldOutResults(evaluator, plan.instances, result, plan.splits, req.reportTest !== false);
    const { run, settings } = opened;
    const versionId = result.interrupted ? null : recordLineage(req.store, settings, run.id, result.pool, result.best.id, opened.seedVersionId);
    const report = buildReport({ req, plan, opened, result, heldOut, evaluator, versionId });
    if (versionId !== null)
      req.store.finishOptimizerRun(run.id, {
        bestVersionId: versionId,
        budgetUsed: result.budgetUsed,
        stopReason: result.stopReason,
        summary: storedReport(report),
      });
    runs.setStatus(report.status);
    return report;
  } catch (err) {
    throw runs.failure(err, req.signal, (runId) => resumeOf(req, runId));
  } finally {
    runs.release();
    await suiteHost.host.close();
  }
}
