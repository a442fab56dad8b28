// Langfuse as a side channel of the trace store: live sink, re-export, and import back. Everything re-exported
// here is light; the reader, which loads the Langfuse SDK, loads on the first import (the live sink loads the SDK
// only in its export worker, traces/langfuse/export-worker.ts), so a run with Langfuse off never loads it.
export { langfuseEnv, LANGFUSE_ENV_VARS, type LangfuseConfig, type LangfuseEnv } from './config.ts';
export { LangfuseSink, formatDelivery, type LangfuseDelivery, type LangfuseSinkOptions } from './sink.ts';
export type { DeliveryCounts, DeliveryRetryPolicy } from './delivery-queue.ts';
export { withLangfuse } from './recorder.ts';
export { exportRun } from './export-run.ts';
export type { LangfuseReader, LangfuseEpisode, LangfuseQuery, SkippedTrace } from './reader.ts';
export type { ImportReport, ImportedRun } from './import.ts';
export { agentObservationIdFor, scoreIdFor, stepObservationIdFor, traceIdFor } from './ids.ts';

type ImportFromLangfuse = typeof import('./import.ts').importFromLangfuse;

/** Imports a Langfuse run's episodes into the store (traces/langfuse/import.ts), loading the reader on first call. */
export async function importFromLangfuse(...args: Parameters<ImportFromLangfuse>): ReturnType<ImportFromLangfuse> {
  return (await import('./import.ts')).importFromLangfuse(...args);
}
