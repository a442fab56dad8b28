// What `tdo apply` prints for each route a version ships by (experiments/review/versions/apply.ts, proxy-route.ts).
import type { ApplyResult, ProxyRoute } from '../../experiments/index.ts';
import type { VersionRow } from '../../traces/index.ts';
import { proseList } from '../../src/index.ts';
import { dbFlag } from '../database-path.ts';

type Version = Pick<VersionRow, 'id' | 'server' | 'descriptions'>;

export function renderWritten(version: Version, result: ApplyResult, named: boolean): string {
  return (
    `wrote ${version.id} (server ${version.server}, ${Object.keys(version.descriptions).length} tools) to ${result.file}\n  found via ${result.reason}\n` +
    (result.kept.length === 0 ? '' : `  kept the file's own text for ${result.kept.join(', ')} (the version does not describe them)\n`) +
    (named
      ? `  a server that loads this file at start serves the new descriptions once restarted\n`
      : `  the server reads it at start: restart it to serve the new descriptions\n`)
  );
}

/** The proxy route in whole sentences, with the command to register and what the host must give it. */
export function renderProxyRoute(version: Version, reason: string, route: ProxyRoute, dbPath: string): string {
  const command = shellLine(route.command);
  const lines = [
    `tdo wrote no file for version ${version.id} (server ${version.server}, ${Object.keys(version.descriptions).length} tools): ${reason}.`,
    "To ship it without changing the server, have your MCP host start tdo proxy in the server's place. The proxy passes every message on to the server " +
      "unchanged, except that its tools/list answers carry this version's descriptions: the tools, their input schemas and every call remain the server's own. " +
      `It records each session's tool calls in ${dbPath}. Register this command with your host instead of the server's:`,
    `  ${command}`,
    `For example, with Claude Code: claude mcp add ${version.server} -- ${command}`,
  ];
  if (route.env.length > 0)
    lines.push(
      `The server's spec sets ${proseList(route.env)} for it; set ${route.env.length === 1 ? 'it' : 'them'} in the host's entry as well, since the proxy passes its environment on to the server.`,
    );
  if (route.cwd !== undefined) lines.push(`The server's spec starts it in ${route.cwd}; have the host start the proxy in that folder as well.`);
  lines.push(`If the server does read its descriptions from a file, write the version there instead: tdo apply ${version.id}${dbFlag(dbPath)} --out FILE`);
  return `${lines.join('\n')}\n`;
}

/** A command line a shell reads back as these words: words with other characters are single-quoted. */
export function shellLine(words: readonly string[]): string {
  return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`)).join(' ');
}
