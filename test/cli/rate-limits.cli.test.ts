import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliConfig } from '../../cli/config.ts';
import { modelRateLimiter } from '../../cli/rate-limits.ts';
import { configSchema } from '../../src/config/schema.ts';
import { tdo } from '../support/cli.ts';

function withModelBlock(model: Record<string, unknown> | undefined): CliConfig {
  return { refs: {}, loaded: { path: '/project/tdo.config.json', config: configSchema.parse(model === undefined ? {} : { model }) } };
}

describe('modelRateLimiter', () => {
  it('makes no limiter when neither the flags nor the config set a limit', () => {
    expect(modelRateLimiter({}, { refs: {} })).toBeUndefined();
    expect(modelRateLimiter({}, withModelBlock({ baseUrl: 'http://127.0.0.1:1/v1' }))).toBeUndefined();
  });

  it('takes rpm and tpm from the config, and a flag over the config value', () => {
    expect(modelRateLimiter({}, withModelBlock({ rpm: 500, tpm: 90_000 }))!.limits).toMatchObject({ requests: 500, tokens: 90_000, intervalMs: 60_000 });
    expect(modelRateLimiter({ rpm: 60 }, withModelBlock({ rpm: 500, tpm: 90_000 }))!.limits).toMatchObject({ requests: 60, tokens: 90_000 });
    expect(modelRateLimiter({ tpm: 1000 }, { refs: {} })!.limits).toEqual({ tokens: 1000, intervalMs: 60_000 });
  });
});

describe('--rpm and --tpm in the CLI', () => {
  it('refuse a limit that is not a positive integer, naming the flag (exit 2)', async () => {
    for (const [command, flag] of [
      ['run', '--rpm'],
      ['optimize', '--tpm'],
      ['experiment', '--rpm'],
      ['demo', '--tpm'],
      ['worker', '--rpm'],
    ] as const) {
      const args =
        command === 'demo'
          ? ['demo', 'overconfident', flag, '0']
          : command === 'worker'
            ? ['worker', '--queue', 'redis://127.0.0.1:9', flag, '0']
            : [command, '--suite', 'lab', flag, '0'];
      const result = await tdo(args);
      expect(result.code, `${command} ${flag}`).toBe(2);
      expect(result.stderr).toContain(`option '${flag} <n>' argument '0' is invalid. expected a positive integer.`);
    }
  });

  it('refuse a config whose model block has a bad rpm, naming the field (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-rate-limits-'));
    const configPath = join(dir, 'tdo.config.json');
    writeFileSync(configPath, JSON.stringify({ model: { rpm: -5 } }));
    const result = await tdo(['run', '--suite', 'lab', '--db', join(dir, 'tdo.db')], { TDO_CONFIG: configPath });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/model\.rpm/);
  });
});
