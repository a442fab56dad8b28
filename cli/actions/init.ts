// `tdo init`: meets a server, and writes what a first run needs: its entry in tdo.config.json and a suite
// of marked tasks (src/suite/scaffold.ts). Nothing is written until the server has answered tools/list.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { boundedList, CONFIG_FILE, counted, loadConfig, toServerSpec } from '../../src/index.ts';
import { serverEntrySchema, type ServerEntry, type TdoConfig } from '../../src/index.ts';
import { Host } from '../../src/host/index.ts';
import { scaffoldSuite } from '../../src/index.ts';
import { SUITE_SCHEMA_FILE } from '../../src/index.ts';
import type { InitFlags } from '../tables/init.ts';
import { inputError } from '../../src/index.ts';
import { toJsonText } from '../../src/index.ts';

const NAME = /^[A-Za-z0-9_-]+$/;

export async function initCommand(command: string[], flags: InitFlags, cwd = process.cwd()): Promise<void> {
  const name = flags.server;
  if (!NAME.test(name)) throw inputError(`--server "${name}": server names use letters, digits, _ and -`);
  if (flags.url !== undefined && command.length > 0) throw inputError('give the server as --url URL or as a command after --, not both');
  const configPath = resolve(cwd, CONFIG_FILE);
  const config = existingConfig(configPath);
  const entry = entryFor(name, command, flags.url, config);
  const known = config.mcpServers[name];
  if (known !== undefined && (command.length > 0 || flags.url !== undefined) && JSON.stringify(known) !== JSON.stringify(entry)) {
    throw inputError(
      `${configPath} already defines the server "${name}" differently; choose another --server name, or drop the command to use the one defined`,
    );
  }
  const suitePath = resolve(cwd, 'suites', `${name}.yaml`);
  if (existsSync(suitePath) && flags.force !== true) throw inputError(`${suitePath} exists; --force overwrites it`);

  const host = await Host.connect([toServerSpec(name, entry, cwd)]);
  let tools;
  try {
    tools = host.servers[0]!.tools.map((t) => ({ name: t.name, description: t.description }));
  } finally {
    await host.close();
  }
  if (tools.length === 0) throw inputError(`server "${name}" lists no tools; there is nothing to write tasks for`);

  mkdirSync(resolve(cwd, 'suites'), { recursive: true });
  const scaffold = scaffoldSuite(name, tools, relative(resolve(cwd, 'suites'), SUITE_SCHEMA_FILE), entry);
  writeFileSync(suitePath, scaffold.yaml);
  const suiteFile = relative(cwd, suitePath);
  const next: TdoConfig = { ...config, mcpServers: { ...config.mcpServers, [name]: entry }, suites: { ...config.suites, [name]: suiteFile } };
  writeFileSync(configPath, `${JSON.stringify(next, null, 2)}\n`);

  if (flags.json) {
    const written = { server: name, tools: tools.map((t) => t.name), suiteFile, configFile: configPath, tasks: scaffold.tasks };
    process.stdout.write(toJsonText(written));
    return;
  }
  process.stdout.write(
    [
      `server ${name}: ${counted(tools.length, 'tool')}: ${boundedList(tools.map((t) => t.name))}`,
      `wrote ${suiteFile} (${counted(scaffold.tasks - 1, 'selection-only task')}, one end-to-end task) and ${relative(cwd, configPath) || CONFIG_FILE}`,
      `next: replace every value marked "FILL:" in ${suiteFile} (\`tdo run\` names each one left), then`,
      `  tdo run --suite ${suiteFile}`,
      `  tdo optimize --suite ${suiteFile} --server ${name}`,
      `  tdo experiment --suite ${suiteFile} --version SEED,BEST   (the two ids optimize prints)`,
      '',
    ].join('\n'),
  );
}

function existingConfig(path: string): TdoConfig {
  if (!existsSync(path)) return { mcpServers: {}, suites: {} };
  return loadConfig(path, {}).config;
}

function entryFor(name: string, command: string[], url: string | undefined, config: TdoConfig): ServerEntry {
  if (url !== undefined) return parseEntry({ url });
  const [program, ...args] = command;
  // cwd ".": the config file's folder, so a relative path in the command works wherever tdo runs from
  if (program !== undefined) return parseEntry({ command: program, args, cwd: '.' });
  const defined = config.mcpServers[name];
  if (defined === undefined)
    throw inputError(
      `tdo init --server ${name} needs the server: a command after -- (tdo init --server ${name} -- node server.js) or --url URL; ${CONFIG_FILE} does not define "${name}"`,
    );
  return defined;
}

function parseEntry(raw: unknown): ServerEntry {
  const parsed = serverEntrySchema.safeParse(raw);
  if (!parsed.success) throw inputError(`the server: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}
