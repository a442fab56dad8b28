import { resolve } from 'node:path';
import { hostStdioTransport } from '../../src/proxy/index.ts';
import { startRecordingProxy } from '../../src/proxy/index.ts';
import { checkServedVersion } from '../../src/proxy/index.ts';
import { SessionRecorder } from '../../src/index.ts';
import type { UpstreamCommand } from '../../src/index.ts';
import type { ProxyFlags } from '../tables/proxy.ts';
import type { CliConfig } from '../config.ts';
import { inputError, unknownVersionError } from '../../src/index.ts';
import { commandConfig, withStore } from '../context.ts';

export async function proxyCommand(command: string[], flags: ProxyFlags): Promise<void> {
  // stdout is the MCP channel: anything a library logs goes to stderr instead.
  console.log = console.info = console.debug = console.error;
  // The upstream is checked before the store is created, so a bad command line leaves no database behind.
  const upstream = upstreamFor(command, flags.name, commandConfig(flags));
  if (flags.version.length > 1) throw inputError(`tdo proxy serves one server: give one --version, not ${flags.version.join(', ')}`);
  const versionId = flags.version[0];
  await withStore(flags, { mode: 'write', langfuse: true }, async ({ store }) => {
    const served = versionId === undefined ? undefined : store.getVersion(versionId);
    if (versionId !== undefined && served === undefined) throw unknownVersionError(versionId, store.path);
    if (served !== undefined && served.server !== flags.name)
      throw inputError(`description version ${served.id} is for server "${served.server}", not "${flags.name}"`);
    if (served !== undefined) await checkServedVersion(flags.name, upstream, served, store.path);
    const recorder = new SessionRecorder(store, {
      server: flags.name,
      command: [upstream.command, ...upstream.args].join(' '),
      started: { command: upstream.command, args: upstream.args, cwd: resolve(upstream.cwd ?? '.') },
      ...(served === undefined ? {} : { servedVersionId: served.id }),
    });
    const proxy = await startRecordingProxy({
      name: flags.name,
      upstream,
      downstream: hostStdioTransport(),
      recorder,
      ...(served === undefined ? {} : { descriptions: served.descriptions }),
      log: (line) => process.stderr.write(`${line}\n`),
      serverStderr: (chunk) => process.stderr.write(chunk),
    });
    const stop = () => void proxy.close();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    try {
      await proxy.closed;
    } finally {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    }
  });
}

/** The command after `--`, else the stdio server of that name in tdo.config.json. */
function upstreamFor(command: string[], name: string, config: CliConfig): UpstreamCommand {
  const [executable, ...args] = command;
  if (executable !== undefined) return { command: executable, args };
  const spec = config.refs.servers?.[name];
  if (spec === undefined) {
    throw inputError(
      `tdo proxy needs the real server's command after --, e.g. tdo proxy --name ${name} -- npx -y @modelcontextprotocol/server-filesystem DIR${config.loaded === undefined ? '' : ` (or a stdio server "${name}" in ${config.loaded.path})`}`,
    );
  }
  if ('url' in spec)
    throw inputError(`server "${name}" in ${config.loaded?.path ?? 'tdo.config.json'} is an HTTP server (${spec.url}); tdo proxy fronts stdio servers`);
  return { command: spec.command, args: spec.args, env: spec.env, ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }) };
}
