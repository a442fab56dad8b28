import { inputError } from '../errors.ts';
import { boundedList } from '../text/bounded-list.ts';
import { connectServer } from '../host/connection.ts';
import type { UpstreamCommand } from './upstream.ts';

/** The part of a description version the proxy serves. */
export interface ServedVersion {
  id: string;
  descriptions: Record<string, string>;
}

/**
 * Refuses, before any host is served, a version describing tools the real server does not list: those texts
 * would never reach a host, so it is another server's version or the server has changed. The server's tools
 * are listed once with the official SDK client (src/host/connection.ts); the proxy then starts the server
 * again for the host, so the host's own handshake is the first its server sees.
 */
/** `dbPath`: the database the version was read from, for the command that lists the server's versions. */
export async function checkServedVersion(server: string, upstream: UpstreamCommand, version: ServedVersion, dbPath: string): Promise<void> {
  const connection = await connectServer({ name: server, command: upstream.command, args: upstream.args, env: upstream.env ?? {}, cwd: upstream.cwd });
  let listed: string[];
  try {
    listed = (await connection.listTools()).map((tool) => tool.name);
  } finally {
    await connection.close();
  }
  const unknown = Object.keys(version.descriptions).filter((tool) => !listed.includes(tool));
  if (unknown.length === 0) return;
  const commandLine = [upstream.command, ...upstream.args].join(' ');
  throw inputError(
    `description version ${version.id} describes ${boundedList(unknown)}, which server "${server}" (${commandLine}) does not list; ` +
      `it lists ${listed.length === 0 ? 'no tools' : boundedList(listed)}. Serve a version recorded for this server's tools`,
    { see: { command: `tdo versions --server ${server}`, dbPath } },
  );
}
