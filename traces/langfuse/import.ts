// Writes episodes read from Langfuse into the trace store as imported runs, one per source run.
import { runSettings } from '../run-settings.ts';
import type { TraceStore } from '../types.ts';
import type { LangfuseConfig } from './config.ts';
import { LangfuseReader, type LangfuseEpisode, type LangfuseQuery, type SkippedTrace } from './reader.ts';

export interface ImportedRun {
  /** the run in this trace store */
  runId: string;
  /** the run id (Langfuse session) it came from */
  sourceRun: string;
  /** episodes added now (episodes imported before are not imported again) */
  added: number;
  /** episodes of the source run already in this store from an earlier import */
  alreadyPresent: number;
}

export interface ImportReport {
  runs: ImportedRun[];
  skipped: SkippedTrace[];
}

type ImportStore = Pick<
  TraceStore,
  'createRun' | 'listRuns' | 'setRunStatus' | 'startEpisode' | 'finishEpisode' | 'completedEpisodeKeys' | 'addToolStep' | 'addModelStep' | 'addScore'
>;

/** The run an earlier import of `sourceRun` from `baseUrl` created, if any. */
function previousImport(store: ImportStore, baseUrl: string, sourceRun: string): string | undefined {
  return store.listRuns(Number.MAX_SAFE_INTEGER).find((run) => {
    const settings = runSettings(run, 'imported');
    return settings?.imported.baseUrl === baseUrl && settings.imported.sourceRun === sourceRun;
  })?.id;
}

/**
 * Adds the episodes to the store: each source run becomes one run marked imported (agent, suite, split
 * and versions as recorded), completed. Importing again adds only episodes not imported before.
 */
export function importEpisodes(store: ImportStore, episodes: LangfuseEpisode[], baseUrl: string): ImportReport {
  const bySourceRun = new Map<string, LangfuseEpisode[]>();
  for (const e of episodes) bySourceRun.set(e.source.run.id, [...(bySourceRun.get(e.source.run.id) ?? []), e]);
  const report: ImportReport = { runs: [], skipped: [] };
  for (const [sourceRun, group] of bySourceRun) {
    const first = group[0]!.source.run;
    const runId =
      previousImport(store, baseUrl, sourceRun) ??
      store.createRun({
        kind: 'imported',
        settings: {
          imported: { from: 'langfuse', baseUrl, sourceRun, importedAt: new Date().toISOString() },
          ...(first.condition === undefined ? {} : { condition: first.condition }),
        },
        suite: first.suite,
        suitePath: first.suitePath,
        agent: first.agent,
        split: first.split,
        repeats: first.repeats,
        seed: first.seed,
        concurrency: 1,
        versionIds: first.versionIds,
      }).id;
    const present = store.completedEpisodeKeys(runId);
    const imported: ImportedRun = { runId, sourceRun, added: 0, alreadyPresent: 0 };
    for (const episode of group) {
      const e = episode.source.episode;
      if (present.has(`${e.task}#${e.repeat}`)) {
        imported.alreadyPresent++;
        continue;
      }
      try {
        writeEpisode(store, runId, episode);
        present.add(`${e.task}#${e.repeat}`);
        imported.added++;
      } catch (err) {
        report.skipped.push({ traceId: episode.traceId, reason: (err as Error).message });
      }
    }
    store.setRunStatus(runId, 'completed');
    report.runs.push(imported);
  }
  return report;
}

function writeEpisode(store: ImportStore, runId: string, { source, result, steps, scores }: LangfuseEpisode): void {
  const e = source.episode;
  const row = store.startEpisode({ runId, taskId: e.task, split: e.split, repeat: e.repeat, seed: e.seed });
  for (const step of steps) {
    if (step.kind === 'tool') {
      const { kind: _tool, ...input } = step;
      store.addToolStep(row.id, input);
    } else {
      const { kind: _model, ...input } = step;
      store.addModelStep(row.id, input);
    }
  }
  store.finishEpisode(row.id, {
    status: result.status,
    answer: result.answer,
    success: result.success,
    feedback: result.feedback,
    stop: result.stop,
    ...(result.note === null ? {} : { note: result.note }),
  });
  for (const score of scores) store.addScore(row.id, score);
}

/** Reads the matching episodes from Langfuse and imports them; see importEpisodes. */
export async function importFromLangfuse(store: ImportStore, config: LangfuseConfig, query: LangfuseQuery): Promise<ImportReport> {
  const { episodes, skipped } = await new LangfuseReader(config).episodes(query);
  const report = importEpisodes(store, episodes, config.baseUrl);
  return { runs: report.runs, skipped: [...skipped, ...report.skipped] };
}
