import { describe, expect, it } from 'vitest';
import { isTdoError } from '../../../src/errors.ts';
import { checkServedVersion } from '../../../src/proxy/served-version.ts';
import { FILESYSTEM_SERVER, filesystemWorkspace } from '../../support/third-party-servers.ts';

describe('checking the version a proxy serves against the real server (server-filesystem)', () => {
  const upstream = { command: process.execPath, args: [FILESYSTEM_SERVER, filesystemWorkspace()] };

  it('accepts a version describing some of the tools the server lists', async () => {
    await expect(checkServedVersion('files', upstream, { id: 'files-1', descriptions: { list_directory: 'Lists a folder.' } }, '/db')).resolves.toBeUndefined();
  });

  it('refuses, as bad input, a version describing a tool the server does not list', async () => {
    const refused = await checkServedVersion('files', upstream, { id: 'files-2', descriptions: { list_directory: 'L.', forget: 'F.' } }, '/db').catch(
      (e: unknown) => e,
    );
    expect(isTdoError(refused, 'input')).toBe(true);
    expect((refused as Error).message).toMatch(
      /^description version files-2 describes forget, which server "files" \(.*\) does not list; it lists .*list_directory/,
    );
  });

  it('reports a server that dies at start as an outage, and one whose command is not installed as input to fix, never as a verdict on the version', async () => {
    const check = (command: string, args: string[]) =>
      checkServedVersion('files', { command, args }, { id: 'files-3', descriptions: {} }, '/db').catch((e: unknown) => e);
    expect(isTdoError(await check(process.execPath, ['-e', 'process.exit(1)']), 'infrastructure')).toBe(true);
    expect(isTdoError(await check('/nonexistent/server', []), 'input')).toBe(true);
  });
});
