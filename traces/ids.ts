import { randomBytes } from 'node:crypto';

/** Short ids a user can type on the command line: `r-` + 8 hex for runs, `e-` + 12 hex for episodes, `x-` + 8 hex for experiments. */
export function newRunId(): string {
  return `r-${randomBytes(4).toString('hex')}`;
}

export function newEpisodeId(): string {
  return `e-${randomBytes(6).toString('hex')}`;
}

export function newExperimentId(): string {
  return `x-${randomBytes(4).toString('hex')}`;
}
