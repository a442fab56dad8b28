import { describe, expect, it } from 'vitest';
import { MemoryResponseCache, requestCacheKey } from '../../../src/models/response-cache.ts';

const tool = (description: string, parameters: object = { type: 'object', properties: { path: { type: 'string' } } }) => ({
  type: 'function',
  function: { name: 'read_file', description, parameters },
});
const body = {
  model: 'm',
  messages: [{ role: 'user', content: 'read notes.txt' }],
  tools: [tool('Reads a file.')],
  tool_choice: 'auto',
  temperature: 0,
};

const endpoint = 'http://127.0.0.1:8000/v1';

describe('requestCacheKey', () => {
  it('is a sha256 hex digest that ignores key order', () => {
    const reordered = { temperature: 0, tool_choice: 'auto', tools: body.tools, messages: body.messages, model: 'm' };
    expect(requestCacheKey(endpoint, body)).toMatch(/^[0-9a-f]{64}$/);
    expect(requestCacheKey(endpoint, reordered)).toBe(requestCacheKey(endpoint, body));
  });

  it("changes with the endpoint, so one server never replays another's answers", () => {
    expect(requestCacheKey('http://127.0.0.1:9000/v1', body)).not.toBe(requestCacheKey(endpoint, body));
  });

  it('changes with anything the model would see or that shapes its answer', () => {
    const variants = [
      { ...body, model: 'other' },
      { ...body, messages: [{ role: 'user', content: 'read notes.md' }] },
      { ...body, tools: [tool('Reads a text file.')] },
      { ...body, tools: [tool('Reads a file.', { type: 'object', properties: { file: { type: 'string' } } })] },
      { ...body, tool_choice: 'required' },
      { ...body, temperature: 0.7 },
      { ...body, max_tokens: 100 },
    ];
    const keys = new Set([requestCacheKey(endpoint, body), ...variants.map((variant) => requestCacheKey(endpoint, variant))]);
    expect(keys.size).toBe(variants.length + 1);
  });
});

describe('MemoryResponseCache', () => {
  it('returns what was put and nothing else', () => {
    const cache = new MemoryResponseCache();
    cache.put('k', 'v');
    expect(cache.get('k')).toBe('v');
    expect(cache.get('other')).toBeUndefined();
  });
});
