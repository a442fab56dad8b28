// The experiments table (traces/schema.ts): one row per finished experiment, written once, read by `tdo view`.
import { desc, eq } from 'drizzle-orm';
import type { TraceDb } from './open.ts';
import { experiments } from './schema.ts';
import type { ExperimentStore } from './types.ts';
import { pageOf } from './viewing/filters.ts';

export function experimentStore(db: TraceDb): ExperimentStore {
  const getExperiment = (id: string) => db.select().from(experiments).where(eq(experiments.id, id)).get();
  return {
    recordExperiment(input) {
      return db
        .insert(experiments)
        .values({ createdAt: new Date().toISOString(), ...input })
        .returning()
        .get();
    },
    getExperiment,
    experimentPage(window) {
      const rows = db
        .select()
        .from(experiments)
        .orderBy(desc(experiments.createdAt), desc(experiments.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      return pageOf(rows, window);
    },
  };
}
