// Who made a version, in words a reviewer reads: seed, optimizer run and target, manual, imported.
import * as z from 'zod';
import type { VersionRow } from '../../../traces/index.ts';
import { shareablePath } from '../../../src/index.ts';

// originDetail is free-form JSON written by whoever recorded the version; read only what is there.
const optimizerDetail = z.object({ run_id: z.string(), target: z.string(), candidate: z.number().optional() }).loose();
const importedDetail = z.object({ file: z.string() }).loose();

export interface Origin {
  kind: VersionRow['origin'];
  /** e.g. "optimizer run r-1a2b (target selection, candidate 4)" */
  label: string;
  optimizerRun?: string;
  target?: string;
}

export function describeOrigin(version: Pick<VersionRow, 'origin' | 'originDetail'>): Origin {
  if (version.origin === 'optimizer') {
    const detail = optimizerDetail.safeParse(version.originDetail);
    if (!detail.success) return { kind: 'optimizer', label: 'optimizer' };
    const { run_id: run, target, candidate } = detail.data;
    return {
      kind: 'optimizer',
      label: `optimizer run ${run} (target ${target}${candidate === undefined ? '' : `, candidate ${candidate}`})`,
      optimizerRun: run,
      target,
    };
  }
  if (version.origin === 'imported') {
    const detail = importedDetail.safeParse(version.originDetail);
    return { kind: 'imported', label: detail.success ? `imported from ${shareablePath(detail.data.file)}` : 'imported' };
  }
  return { kind: version.origin, label: version.origin === 'seed' ? 'seed (what the server advertises)' : 'manual' };
}
