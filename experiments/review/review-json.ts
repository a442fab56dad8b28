// The JSON forms of the review's records, as --json and the reports give them: a measurement's success
// flattened into counts and a rate (the form scripts have always read), in a module light enough for
// experiments/index.ts to export without loading the lint.
import type { SideSummary, VersionDiff } from './version-diff.ts';
import type { VersionEntry } from './versions/listing.ts';
import type { VersionMeasurement } from './versions/measurements.ts';

/** A measurement as --json and the reports give it: the success flattened into counts and a rate (0 when none was measured). */
export function versionMeasurementJson(m: VersionMeasurement) {
  const { success, ...rest } = m;
  return { episodes: success.n, successes: success.successes, successRate: success.rate ?? 0, successLow: success.low, successHigh: success.high, ...rest };
}

/** A diff as --json and the reports give it: each measurement flattened, and the success change also as a bare rate. */
export function versionDiffJson(diff: VersionDiff) {
  const side = (s: SideSummary) => ({ ...s, measured: s.measured === null ? null : versionMeasurementJson(s.measured) });
  const { successChange, ...others } = diff.metrics;
  return { ...diff, a: side(diff.a), b: side(diff.b), metrics: { successRate: successChange?.delta ?? null, successChange, ...others } };
}

/** An entry as --json gives it: its measurement flattened (measurements.ts). */
export function versionEntryJson(e: VersionEntry) {
  return { ...e, measured: e.measured === null ? null : versionMeasurementJson(e.measured) };
}
