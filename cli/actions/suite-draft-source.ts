// Where `tdo suite draft --generate` takes its tools from: a suite's servers (`--suite`, with `--server` one of
// them), or one server as `tdo init` meets it: a command after --, `--url`, or a name tdo.config.json defines.
// The draft names the same servers, so it runs against what it was drafted from.
import { inputError, loadSuite, type ServerSpec } from '../../src/index.ts';
import type { CliConfig } from '../config.ts';
import type { SuiteDraftFlags } from '../tables/suite-draft.ts';

const NAME = /^[A-Za-z0-9_-]+$/;

export interface DraftSource {
  /** the suite's or the server's name, for the draft's name and default file */
  name: string;
  specs: ServerSpec[];
  /** the draft's `servers`: a name tdo.config.json defines, or the server spelled out */
  entries: Array<ServerSpec | string>;
  target?: string;
}

export function draftSource(command: readonly string[], flags: SuiteDraftFlags, config: CliConfig): DraftSource {
  if (flags.suite !== undefined) {
    if (command.length > 0 || flags.url !== undefined) throw inputError('give the tools as --suite, or as a server (a command after --, or --url), not both');
    return suiteSource(flags.suite, flags.server, config);
  }
  const name = flags.server;
  if (name === undefined) throw inputError('--generate needs the tools to draft for: --suite NAME|PATH, or --server NAME with a command after -- or --url');
  if (!NAME.test(name)) throw inputError(`--server "${name}": server names use letters, digits, _ and -`);
  if (flags.url !== undefined && command.length > 0) throw inputError('give the server as --url URL or as a command after --, not both');
  if (flags.url !== undefined) {
    const spec: ServerSpec = { name, url: flags.url, headers: {} };
    return { name, specs: [spec], entries: [spec], target: name };
  }
  const [program, ...args] = command;
  if (program !== undefined) {
    // the working directory is written out, so a relative path in the command works wherever the draft runs from
    const spec: ServerSpec = { name, command: program, args, env: {}, cwd: process.cwd() };
    return { name, specs: [spec], entries: [spec], target: name };
  }
  const defined = config.refs.servers?.[name];
  if (defined === undefined)
    throw inputError(
      `--server ${name} needs the server: a command after -- (… --server ${name} -- node server.js), --url URL, or an entry "${name}" in tdo.config.json`,
    );
  return { name, specs: [defined], entries: [name], target: name };
}

function suiteSource(suiteName: string, server: string | undefined, config: CliConfig): DraftSource {
  const { suite } = loadSuite(suiteName, config.refs);
  const names = suite.servers.map((s) => s.name);
  if (server !== undefined && !names.includes(server))
    throw inputError(`--server "${server}" is not a server of the suite ${suite.name} (${names.join(', ')})`);
  const chosen = server ?? suite.targetServer;
  const specs = chosen === undefined ? suite.servers : suite.servers.filter((s) => s.name === chosen);
  return { name: chosen ?? suite.name, specs, entries: specs, ...(chosen === undefined ? {} : { target: chosen }) };
}
