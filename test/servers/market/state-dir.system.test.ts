import { chmodSync, chownSync, mkdirSync, statSync, symlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { privateStateDir } from '../../../servers/market/state-dir.ts';
import { runToExit } from '../mcp-harness.ts';
import { MARKET_MAIN, tempDir } from './market-fixture.ts';

const uid = process.getuid!();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** A stand-in for the shared temp folder, with the path the seller's default folder would have there. */
async function sharedTemp() {
  const dir = await tempDir();
  chmodSync(dir.dir, 0o1777);
  cleanups.push(dir.remove);
  return { base: dir.dir, stateDir: join(dir.dir, `tdo-market-${uid}`) };
}

describe('the market state folder', () => {
  it('is created per user and private (0700)', async () => {
    const { base, stateDir } = await sharedTemp();
    expect(privateStateDir(base)).toBe(stateDir);
    expect(statSync(stateDir).mode & 0o777).toBe(0o700);
    expect(privateStateDir(base)).toBe(stateDir);
  });

  it('is refused when others may write to it', async () => {
    const { base, stateDir } = await sharedTemp();
    mkdirSync(stateDir);
    chmodSync(stateDir, 0o777);
    expect(() => privateStateDir(base)).toThrow(
      /tdo-market-\d+ is writable by everyone \(mode 777\), so another user could read or rewrite the negotiations; remove it .* or pass --db FILE$/,
    );
    chmodSync(stateDir, 0o770);
    expect(() => privateStateDir(base)).toThrow(/is writable by its group \(mode 770\)/);
  });

  it('is refused when it is a link, even to a private folder', async () => {
    const { base, stateDir } = await sharedTemp();
    mkdirSync(join(base, 'elsewhere'), { mode: 0o700 });
    symlinkSync(join(base, 'elsewhere'), stateDir);
    expect(() => privateStateDir(base)).toThrow(/is not a folder \(a link or a file\)/);
  });

  it.skipIf(uid !== 0)('is refused when another user created it first (needs root to make one)', async () => {
    const { base, stateDir } = await sharedTemp();
    mkdirSync(stateDir, { mode: 0o700 });
    chownSync(stateDir, 65534, 65534);
    expect(() => privateStateDir(base)).toThrow(new RegExp(`belongs to uid 65534, not to you \\(uid ${uid}\\)`));
  });

  it('is where a seller keeps its negotiations by default, and a planted one stops it at start', async () => {
    const { base, stateDir } = await sharedTemp();
    const env = { TMPDIR: base, TDO_MARKET_DB: '' };
    expect((await runToExit(MARKET_MAIN, ['--seller', 'color-works'], env)).code).toBe(0);
    expect(statSync(join(stateDir, 'color-works.db')).isFile()).toBe(true);
    expect(statSync(stateDir).mode & 0o777).toBe(0o700);

    await rm(stateDir, { recursive: true });
    mkdirSync(stateDir);
    chmodSync(stateDir, 0o777);
    const planted = await runToExit(MARKET_MAIN, ['--seller', 'color-works'], env);
    expect(planted.code).toBe(1);
    expect(planted.stderr).toContain(`market: the market state folder ${stateDir} is writable by everyone`);
  });
});
