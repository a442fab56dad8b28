import type { LangfuseConfig } from '../../traces/langfuse/index.ts';
import { exportRun, formatDelivery, importFromLangfuse, LangfuseSink, type ImportReport } from '../../traces/langfuse/index.ts';
import { infrastructureError, inputError } from '../../src/index.ts';
import { EXIT } from '../errors.ts';
import { commandConfig, withStore } from '../context.ts';
import { langfuseConfigOrUsage, LANGFUSE_DRAIN_MS, LANGFUSE_QUERY_NEEDED } from '../langfuse.ts';
import type { TraceStore } from '../../traces/index.ts';
import type { LangfuseQueryFlags, TracesExportFlags, TracesImportFlags } from '../tables/traces-langfuse.ts';
import { toJsonText } from '../../src/index.ts';

export async function exportToLangfuse(flags: TracesExportFlags): Promise<void> {
  if (!flags.langfuse) throw inputError('say where to export to: tdo traces export --langfuse [--run ID]');
  // the config may hold the Langfuse settings: read it before asking for them
  commandConfig(flags);
  const config = langfuseConfigOrUsage();
  await withStore(flags, { mode: 'read' }, async ({ store }) => {
    const runId = flags.run ?? store.listRuns(1)[0]?.id;
    if (runId === undefined) throw inputError(`no runs in ${store.path}: nothing to export`);
    if (!store.getRun(runId)) throw inputError(`no run "${runId}" in ${store.path}`, { see: { command: 'tdo traces list', dbPath: store.path } });
    const sink = LangfuseSink.open(config);
    const episodes = exportRun(store, runId, sink);
    const delivery = await sink.close(LANGFUSE_DRAIN_MS);
    process.stdout.write(
      flags.json
        ? toJsonText({ runId, episodes, baseUrl: config.baseUrl, spans: counts(delivery.spans), scores: counts(delivery.scores) })
        : `run ${runId}: ${episodes} episodes sent to ${config.baseUrl}\n`,
    );
    process.stderr.write(formatDelivery(delivery));
    // An outage, not a result: what Langfuse did not take can be sent again.
    if (delivery.spans.dropped + delivery.scores.dropped > 0) process.exitCode = EXIT.outage;
  });
}

const counts = (c: { delivered: number; dropped: number; lastError?: string }) => ({
  delivered: c.delivered,
  dropped: c.dropped,
  lastError: c.lastError ?? null,
});

export function renderImport(report: ImportReport, config: LangfuseConfig): string {
  const lines = report.runs.map(
    (r) =>
      `run ${r.sourceRun} from ${config.baseUrl} -> run ${r.runId} (imported): ${r.added} episodes added${r.alreadyPresent > 0 ? `, ${r.alreadyPresent} already there` : ''}`,
  );
  if (report.runs.length === 0) lines.push(`no tdo episodes found in ${config.baseUrl} for this query`);
  for (const s of report.skipped) lines.push(`skipped trace ${s.traceId}: ${s.reason}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Reads the matching episodes into the store. Langfuse unreachable or refusing is an outage: an
 * infrastructure error (exit 3), before anything else is written.
 */
export async function importMatching(store: TraceStore, config: LangfuseConfig, flags: LangfuseQueryFlags): Promise<ImportReport> {
  try {
    return await importFromLangfuse(store, config, {
      ...(flags.session === undefined ? {} : { session: flags.session }),
      ...(flags.since === undefined ? {} : { since: flags.since }),
    });
  } catch (err) {
    throw infrastructureError(`could not read from Langfuse at ${config.baseUrl}: ${(err as Error).message}`, { cause: err });
  }
}

export async function importFromLangfuseCommand(flags: TracesImportFlags): Promise<void> {
  if (flags.session === undefined && flags.since === undefined) throw inputError(LANGFUSE_QUERY_NEEDED);
  commandConfig(flags);
  const config = langfuseConfigOrUsage();
  await withStore(flags, { mode: 'write' }, async ({ store }) => {
    const report = await importMatching(store, config, flags);
    process.stdout.write(flags.json ? toJsonText(report) : renderImport(report, config));
  });
}
