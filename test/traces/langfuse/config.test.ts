import { describe, expect, it } from 'vitest';
import { langfuseEnv } from '../../../traces/langfuse/config.ts';

const ALL = { LANGFUSE_PUBLIC_KEY: 'pk-lf-1', LANGFUSE_SECRET_KEY: 'sk-lf-1', LANGFUSE_BASE_URL: 'https://cloud.langfuse.com/' };

describe('langfuseEnv', () => {
  it('is off when none of the three variables is set (empty counts as unset)', () => {
    expect(langfuseEnv({})).toEqual({ state: 'off' });
    expect(langfuseEnv({ LANGFUSE_PUBLIC_KEY: '' })).toEqual({ state: 'off' });
  });

  it('is on with all three, the base URL without its trailing slash', () => {
    expect(langfuseEnv(ALL)).toEqual({ state: 'on', config: { publicKey: 'pk-lf-1', secretKey: 'sk-lf-1', baseUrl: 'https://cloud.langfuse.com' } });
  });

  it('names the missing variables when only some are set', () => {
    const result = langfuseEnv({ LANGFUSE_PUBLIC_KEY: 'pk' });
    expect(result.state).toBe('invalid');
    expect(result.state === 'invalid' && result.message).toMatch(/LANGFUSE_SECRET_KEY, LANGFUSE_BASE_URL are not set/);
  });

  it('rejects a base URL that is not http(s)', () => {
    for (const bad of ['cloud.langfuse.com', 'ftp://x.example']) {
      const result = langfuseEnv({ ...ALL, LANGFUSE_BASE_URL: bad });
      expect(result.state === 'invalid' && result.message).toMatch(/LANGFUSE_BASE_URL must be an http\(s\) URL/);
    }
  });
});
