import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { contentHash, MAX_DESCRIPTION_CHARS, TraceStoreError } from '../../traces/index.ts';
import { openTempStore } from './helpers.ts';

const seedDescriptions = { add: 'Add two numbers.', search: 'Search lab records by keyword.' };

describe('description versions', () => {
  it('records a version with its hash-derived id, token count and lineage', async () => {
    const store = await openTempStore();
    const seed = store.recordVersion({ server: 'lab', descriptions: seedDescriptions, origin: 'seed' });
    const hash = contentHash(seedDescriptions);
    expect(seed).toMatchObject({
      id: `lab-${hash.slice(0, 10)}`,
      server: 'lab',
      descriptions: seedDescriptions,
      contentHash: hash,
      tokens: encode('Add two numbers.').length + encode('Search lab records by keyword.').length,
      origin: 'seed',
      originDetail: null,
      parents: [],
    });

    const child = store.recordVersion({
      server: 'lab',
      descriptions: { ...seedDescriptions, search: 'Search lab records; returns at most 10.' },
      origin: 'optimizer',
      originDetail: { run: 'opt-1', target: 'success' },
      parents: [seed.id],
    });
    expect(child).toMatchObject({ originDetail: { run: 'opt-1', target: 'success' }, parents: [seed.id] });
    expect(store.getVersion(child.id)).toEqual(child);
    expect(store.getVersion('lab-0000000000')).toBeUndefined();
  });

  it('returns the existing row when the same map is recorded again, in any key order', async () => {
    const store = await openTempStore();
    const first = store.recordVersion({ server: 'lab', descriptions: seedDescriptions, origin: 'seed' });
    const again = store.recordVersion({
      server: 'lab',
      descriptions: { search: seedDescriptions.search, add: seedDescriptions.add },
      origin: 'manual',
    });
    expect(again).toEqual(first);
    expect(store.listVersions('lab')).toHaveLength(1);
  });

  it('keeps the same map for different servers as separate versions', async () => {
    const store = await openTempStore();
    const lab = store.recordVersion({ server: 'lab', descriptions: seedDescriptions, origin: 'seed' });
    const plus = store.recordVersion({ server: 'labplus', descriptions: seedDescriptions, origin: 'imported' });
    expect(plus.id).not.toBe(lab.id);
    expect(store.listVersions().map((v) => v.id)).toEqual([lab.id, plus.id]);
    expect(store.listVersions('labplus').map((v) => v.id)).toEqual([plus.id]);
    expect(store.listVersions('market')).toEqual([]);
  });

  it('rejects unknown parents and malformed maps without storing anything', async () => {
    const store = await openTempStore();
    expect(() => store.recordVersion({ server: 'lab', descriptions: seedDescriptions, origin: 'manual', parents: ['lab-missing'] })).toThrow(
      /unknown parent version: lab-missing/,
    );
    expect(() => store.recordVersion({ server: 'lab', descriptions: { add: 42 } as never, origin: 'manual' })).toThrow(TraceStoreError);
    expect(() => store.recordVersion({ server: '', descriptions: seedDescriptions, origin: 'seed' })).toThrow(/invalid description version/);
    expect(() => store.recordVersion({ server: 'lab', descriptions: seedDescriptions, origin: 'guess' as never })).toThrow(/origin/);
    expect(store.listVersions()).toEqual([]);
  });

  it('refuses a description over the length limit before counting its tokens', async () => {
    const store = await openTempStore();
    const long = { add: 'x'.repeat(1_048_576) };
    expect(() => store.recordVersion({ server: 'lab', descriptions: long, origin: 'seed' })).toThrow(
      /"add" is 1,048,576 characters long; at most 32,768 are stored/,
    );
    expect(store.listVersions()).toEqual([]);
    expect(store.recordVersion({ server: 'lab', descriptions: { add: 'x'.repeat(MAX_DESCRIPTION_CHARS) }, origin: 'seed' }).tokens).toBeGreaterThan(0);
  }, 30_000);
});
