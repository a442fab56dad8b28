import { describe, expect, it } from 'vitest';
import type { VersionEntry } from '../../../../experiments/review/versions/listing.ts';
import { renderVersionListing } from '../../../../experiments/review/versions/render-listing.ts';

function seed(bestOf: string[]): VersionEntry {
  return {
    id: 'lab-0123456789',
    server: 'lab',
    origin: { kind: 'seed', label: 'seed (what the server advertises)' },
    parents: [],
    children: [],
    depth: 0,
    tools: 3,
    tokens: 40,
    contentHash: 'h',
    createdAt: '2026-12-01T00:00:00.000Z',
    measured: null,
    bestOf,
  };
}

describe('renderVersionListing', () => {
  it('names the optimize runs a version won when they are few', () => {
    expect(renderVersionListing([seed(['r-2', 'r-1'])])).toContain('★ best of r-2, r-1');
    expect(renderVersionListing([seed([])])).not.toContain('★ best of');
  });

  it('counts them when many searches kept the same version, naming the latest, so the origin stays one short line', () => {
    const out = renderVersionListing([seed(['r-7', 'r-6', 'r-5', 'r-4', 'r-3', 'r-2', 'r-1'])]);
    expect(out).toContain('★ best of 7 optimize runs, latest r-7');
    expect(out).not.toContain('r-6');
  });
});
