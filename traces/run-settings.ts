// What each kind of run stores as its settings (runs.settings), one zod schema per kind: parsed when the run is
// created, so a run never holds settings its kind's readers cannot read, and parsed again by whoever reads them.
import * as z from 'zod';
import type { RunKind } from './schema.ts';

const conditionValues = z.record(z.string(), z.string());

/** `tdo run`, and each run of `tdo experiment` (one version on one split): what `--resume` needs to go on exactly. */
const suiteRunSettings = z.object({
  options: z.object({
    split: z.string(),
    repeats: z.number().int().positive(),
    seed: z.number().int().nonnegative(),
    concurrency: z.number().int().positive(),
    versionIds: z.array(z.string()),
    conditions: conditionValues.optional(),
    /** deferred tool loading (src/catalogue/tool-search/settings.ts checks the mode); absent in runs stored before it */
    toolSearch: z.object({ mode: z.string(), k: z.number().int().positive() }).optional(),
  }),
  /** how the CLI rebuilds the agent; the CLI's own schema reads it */
  agent: z.record(z.string(), z.unknown()),
  /** every condition with the value used, defaults included; absent in runs stored before conditions */
  conditions: conditionValues.optional(),
});

/** `tdo optimize`: the search's settings, stored once, and the conditions it ran under. */
const optimizeRunSettings = z.object({
  /** everything a resume needs to repeat the search (optimizer/search/optimize.ts OptimizeSettings) */
  optimize: z.record(z.string(), z.unknown()),
  conditions: conditionValues.optional(),
});

/** `tdo proxy`: one live session of a host through the proxy. */
const proxyRunSettings = z.object({
  proxy: z.object({
    server: z.string(),
    command: z.string(),
    servedVersionId: z.string().nullable(),
    /** the real server's program, arguments and folder, apart (`command` joins them); absent in sessions recorded before it */
    started: z.object({ command: z.string(), args: z.array(z.string()), cwd: z.string() }).optional(),
  }),
  clientInfo: z.object({ name: z.string(), version: z.string().optional() }).nullable(),
});

/** `tdo traces import`: where the episodes came from, and the condition label they were tagged with. */
const importedRunSettings = z.object({
  imported: z.object({ from: z.literal('langfuse'), baseUrl: z.string(), sourceRun: z.string(), importedAt: z.string() }),
  condition: z.string().optional(),
});

export const RUN_SETTINGS = {
  suite: suiteRunSettings,
  experiment: suiteRunSettings,
  optimize: optimizeRunSettings,
  proxy: proxyRunSettings,
  imported: importedRunSettings,
} as const satisfies Record<RunKind, z.ZodType>;

export type RunSettings<K extends RunKind> = z.infer<(typeof RUN_SETTINGS)[K]>;

/** A new run's kind with the settings of that kind. */
export type KindAndSettings = { [K in RunKind]: { kind: K; settings: RunSettings<K> } }[RunKind];

/**
 * The run's settings when it is of one of `kinds`; undefined for another kind, or for settings that do not
 * parse (rows written before settings were checked, e.g. by hand).
 */
export function runSettings<K extends RunKind>(run: { kind: RunKind; settings: unknown }, ...kinds: K[]): RunSettings<K> | undefined {
  if (!(kinds as RunKind[]).includes(run.kind)) return undefined;
  const parsed = RUN_SETTINGS[run.kind as K].safeParse(run.settings);
  return parsed.success ? (parsed.data as RunSettings<K>) : undefined;
}
