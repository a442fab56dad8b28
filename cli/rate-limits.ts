import { ModelRateLimiter } from '../src/index.ts';
import type { CliConfig } from './config.ts';

export interface RateLimitFlags {
  rpm?: number;
  tpm?: number;
}

/**
 * The one limiter of this process's model clients, agent and proposer alike: --rpm and --tpm win over
 * tdo.config.json's model block; none when neither sets a limit.
 */
export function modelRateLimiter(flags: RateLimitFlags, config: CliConfig): ModelRateLimiter | undefined {
  const block = config.loaded?.config.model;
  const requests = flags.rpm ?? block?.rpm;
  const tokens = flags.tpm ?? block?.tpm;
  if (requests === undefined && tokens === undefined) return undefined;
  return new ModelRateLimiter({ ...(requests === undefined ? {} : { requests }), ...(tokens === undefined ? {} : { tokens }) });
}
