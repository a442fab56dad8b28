// Langfuse as a side channel of the trace store: live sink, re-export, and import back.
export { langfuseEnv, LANGFUSE_ENV_VARS, type LangfuseConfig, type LangfuseEnv } from './config.ts';
export { LangfuseSink, formatDelivery, type LangfuseDelivery, type LangfuseSinkOptions } from './sink.ts';
export type { DeliveryCounts, RetryPolicy } from './delivery-queue.ts';
export { withLangfuse } from './recorder.ts';
export { exportRun } from './export-run.ts';
export { LangfuseReader, MAX_LIST_PAGES, type LangfuseEpisode, type LangfuseQuery, type SkippedTrace } from './reader.ts';
export { importEpisodes, importFromLangfuse, type ImportReport, type ImportedRun } from './import.ts';
export { agentObservationIdFor, scoreIdFor, stepObservationIdFor, traceIdFor } from './ids.ts';
