import { describe, expect, it } from 'vitest';
import { resolveEndpoint } from '../../../src/models/endpoint.ts';

const env = { OPENAI_BASE_URL: 'https://env.example/v1', OPENAI_API_KEY: 'env-key' };

describe('resolveEndpoint', () => {
  it('falls back to the environment', () => {
    expect(resolveEndpoint({}, env)).toEqual({ baseURL: 'https://env.example/v1', apiKey: 'env-key' });
  });

  it('prefers explicit values', () => {
    expect(resolveEndpoint({ baseURL: 'http://127.0.0.1:8080/v1', apiKey: 'mine' }, env)).toEqual({
      baseURL: 'http://127.0.0.1:8080/v1',
      apiKey: 'mine',
    });
  });

  it('names the missing variable and the offline alternative', () => {
    expect(() => resolveEndpoint({}, {})).toThrow(/set OPENAI_BASE_URL/);
    expect(() => resolveEndpoint({}, { OPENAI_BASE_URL: 'https://env.example/v1' })).toThrow(/set OPENAI_API_KEY.*`sim`/);
  });

  it('rejects a URL that is not http(s)', () => {
    expect(() => resolveEndpoint({ baseURL: 'file:///etc/passwd' }, env)).toThrow(/not an http\(s\) URL/);
  });
});
