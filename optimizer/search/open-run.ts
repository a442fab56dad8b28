// The run a search writes to: a new one, or the interrupted one being resumed (checked to still describe
// the same search). With several agents each agent's episodes live in a run of its own, which the search's
// settings name and which shares its status.
import { inputError } from '../../src/index.ts';
import type { RunRow } from '../../traces/index.ts';
import type { OptimizeRequest } from './optimize-request.ts';
import type { OptimizeSettings } from './settings.ts';

export interface OpenedRun {
  run: RunRow;
  /** the settings as the run stores them: with several agents, their runs taken in */
  settings: OptimizeSettings;
}

export function openRun(req: OptimizeRequest, settings: OptimizeSettings, versionIds: Record<string, string>, conditions: Record<string, string>): OpenedRun {
  return req.resumeRunId === undefined ? createRun(req, settings, versionIds, conditions) : resumableRun(req, req.resumeRunId, settings, versionIds);
}

const agentIdsOf = (req: OptimizeRequest) => (req.agents ?? [req.agent]).map((a) => a.id);

function createRun(req: OptimizeRequest, settings: OptimizeSettings, versionIds: Record<string, string>, conditions: Record<string, string>): OpenedRun {
  const { store, loaded } = req;
  const agentIds = agentIdsOf(req);
  // `conditions` beside the search's settings, where traces' runCondition reads them for every kind of run
  const stored = (config: OptimizeSettings) => ({ kind: 'optimize', settings: { optimize: { ...config }, conditions } }) as const;
  const newRun = (agent: string, config: OptimizeSettings) =>
    store.createRun({
      ...stored(config),
      suite: loaded.suite.name,
      suitePath: loaded.path,
      agent,
      split: 'optimize',
      repeats: 1,
      seed: settings.randomSeed,
      concurrency: settings.concurrency,
      versionIds,
    });
  const recordSearch = (runId: string) =>
    store.createOptimizerRun({ runId, target: settings.target, server: settings.server, seedVersionId: versionIds[settings.server]! });
  const run = newRun(agentIds.join(','), settings);
  // With several agents each agent's episodes live in a run of its own, recorded under its id: the (run,
  // task, evaluation) key stays unique and every episode reads as the agent's that ran it. An agent's run
  // is an optimize run too, so what skips optimize runs (measurements, `tdo run --resume`) skips it.
  const opened =
    agentIds.length === 1
      ? settings
      : {
          ...settings,
          agentRuns: agentIds.map((agent) => {
            const agentRun = newRun(agent, { ...settings, agentRunOf: run.id });
            recordSearch(agentRun.id);
            return agentRun.id;
          }),
        };
  // the agents' run ids exist only now: the search's settings take them in
  if (opened !== settings) store.setRunSettings(run.id, stored(opened));
  recordSearch(run.id);
  return { run, settings: opened };
}

function resumableRun(req: OptimizeRequest, runId: string, settings: OptimizeSettings, versionIds: Record<string, string>): OpenedRun {
  const { store } = req;
  const agentIds = agentIdsOf(req);
  const run = store.getRun(runId);
  const optimizerRun = store.getOptimizerRun(runId);
  if (!run || !optimizerRun) throw inputError(`no optimize run "${runId}" in ${store.path}`);
  if (run.status === 'completed') throw inputError(`optimize run ${run.id} already completed; nothing to resume`);
  const changed = Object.keys(versionIds).filter((s) => run.versionIds[s] !== versionIds[s]);
  if (changed.length > 0) throw inputError(`cannot resume ${run.id}: the servers' own descriptions of ${changed.join(', ')} changed since it started`);
  if (agentIds.length > 1 && settings.agentRuns?.length !== agentIds.length)
    throw inputError(`cannot resume ${run.id}: it does not record a run for each of its ${agentIds.length} agents`);
  return { run, settings };
}
