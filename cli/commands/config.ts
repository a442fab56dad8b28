import type { Command } from 'commander';
import { inputError } from '../../src/index.ts';
import { sharedOption, type JsonFlag } from '../options.ts';

export function registerConfig(program: Command): void {
  const config = program.command('config').description('tdo.config.json: check it, or print its JSON Schema');

  config
    .command('check')
    .description('validate the config (after ${ENV} interpolation) and list its servers and suites; secrets are not printed')
    .addOption(sharedOption.config())
    .addOption(sharedOption.json())
    .action(async (flags: { config?: string } & JsonFlag) => {
      const { loadCliConfig } = await import('../config.ts');
      const { loaded } = loadCliConfig(flags.config, { ...process.env });
      if (loaded === undefined) throw inputError('no tdo.config.json in the working directory and TDO_CONFIG is not set; pass --config FILE');
      if (flags.json) {
        const servers = Object.fromEntries(
          Object.entries(loaded.config.mcpServers).map(([name, entry]) => [
            name,
            'url' in entry ? { transport: 'http', url: entry.url } : { transport: 'stdio', command: [entry.command, ...entry.args] },
          ]),
        );
        process.stdout.write((await import('../../src/index.ts')).toJsonText({ path: loaded.path, ok: true, servers, suites: loaded.config.suites }));
        return;
      }
      const lines = [`${loaded.path}: ok`];
      for (const [name, entry] of Object.entries(loaded.config.mcpServers)) {
        lines.push('url' in entry ? `  server ${name}: http ${entry.url}` : `  server ${name}: stdio ${[entry.command, ...entry.args].join(' ')}`);
      }
      for (const [name, file] of Object.entries(loaded.config.suites)) lines.push(`  suite ${name}: ${file}`);
      process.stdout.write(`${lines.join('\n')}\n`);
    });

  config
    .command('suite-schema')
    .description(
      'print the JSON Schema of a suite file (the file shipped as src/suite/suite.schema.json; name it in a suite with `# yaml-language-server: $schema=PATH`)',
    )
    .action(async () => {
      const { suiteJsonSchema } = await import('../../src/index.ts');
      process.stdout.write(`${JSON.stringify(suiteJsonSchema(), null, 2)}\n`);
    });

  config
    .command('schema')
    .description('print the JSON Schema of tdo.config.json (the file shipped as src/config/tdo.config.schema.json)')
    .action(async () => {
      const { configJsonSchema } = await import('../../src/index.ts');
      process.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}\n`);
    });
}
