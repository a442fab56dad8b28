import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openTraceStore } from '../../traces/index.ts';
import { openTempStore, tempDir } from './helpers.ts';

it('stores, overwrites and misses cached responses', async () => {
  const store = await openTempStore();
  expect(store.cacheGet('k')).toBeUndefined();
  store.cachePut('k', '{"choice":1}');
  expect(store.cacheGet('k')).toBe('{"choice":1}');
  store.cachePut('k', '');
  expect(store.cacheGet('k')).toBe('');
});

it('keeps cached responses across reopening', async () => {
  const path = join(await tempDir(), 'tdo.db');
  const first = openTraceStore(path);
  first.cachePut('sha256:abc', 'response');
  first.close();
  const second = openTraceStore(path);
  expect(second.cacheGet('sha256:abc')).toBe('response');
  second.close();
});
