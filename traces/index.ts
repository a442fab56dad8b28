// The trace store's public surface; code outside traces/ imports from here.
export { TraceStoreError } from './errors.ts';
export { newExperimentId } from './ids.ts';
export { openTraceStore } from './store.ts';
export { storedToolCall } from './step-rows.ts';
export { conditionLabel, runCondition } from './run-conditions.ts';
export { runSettings } from './run-settings.ts';
export { HOST_STEP_MODEL_PREFIX, sumSpend } from './spend.ts';
export { canonicalJson, contentHash, countDescriptionTokens, MAX_DESCRIPTION_CHARS } from './versions.ts';
export type * from './types.ts';
export type * from './optimizer-types.ts';
