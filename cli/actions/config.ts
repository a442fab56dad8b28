// `tdo config check`, `config schema` and `config suite-schema`.
import { configJsonSchema, inputError, suiteJsonSchema, toJsonText } from '../../src/index.ts';
import { loadCliConfig } from '../config.ts';
import type { ConfigCheckFlags } from '../tables/config.ts';

export function configCheckCommand(flags: ConfigCheckFlags): void {
  const { loaded } = loadCliConfig(flags.config, { ...process.env });
  if (loaded === undefined) throw inputError('no tdo.config.json in the working directory and TDO_CONFIG is not set; pass --config FILE');
  if (flags.json) {
    const servers = Object.fromEntries(
      Object.entries(loaded.config.mcpServers).map(([name, entry]) => [
        name,
        'url' in entry ? { transport: 'http', url: entry.url } : { transport: 'stdio', command: [entry.command, ...entry.args] },
      ]),
    );
    process.stdout.write(toJsonText({ path: loaded.path, ok: true, servers, suites: loaded.config.suites }));
    return;
  }
  const lines = [`${loaded.path}: ok`];
  for (const [name, entry] of Object.entries(loaded.config.mcpServers)) {
    lines.push('url' in entry ? `  server ${name}: http ${entry.url}` : `  server ${name}: stdio ${[entry.command, ...entry.args].join(' ')}`);
  }
  for (const [name, file] of Object.entries(loaded.config.suites)) lines.push(`  suite ${name}: ${file}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The JSON Schema of a suite file or of tdo.config.json, printed. */
export function printSchema(which: 'suite' | 'config'): void {
  process.stdout.write(`${JSON.stringify(which === 'suite' ? suiteJsonSchema() : configJsonSchema(), null, 2)}\n`);
}
