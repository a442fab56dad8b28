import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSellerProfile } from '../../../servers/market/profile.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-profile-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('loadSellerProfile', () => {
  it('refuses an unreadable, malformed or invalid profile with the file named', async () => {
    await expect(loadSellerProfile(join(dir, 'none.json'))).rejects.toThrow(/^cannot read seller profile .*none\.json/);
    await expect(loadSellerProfile(file('bad.json', 'not json'))).rejects.toThrow(/seller profile .*bad\.json is not valid JSON/);
    await expect(loadSellerProfile(file('wrong.json', '{"name": 3}'))).rejects.toThrow(/seller profile .*wrong\.json is invalid/);
  });
});
