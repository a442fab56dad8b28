import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { CONFIG_CHECK_OPTIONS, type ConfigCheckFlags } from '../tables/config.ts';

export function registerConfig(program: Command): void {
  const config = program.command('config').description('tdo.config.json: check it, or print its JSON Schema');

  const check = config
    .command('check')
    .description('validate the config (after ${ENV} interpolation) and list its servers and suites; secrets are not printed');
  addTable(check, CONFIG_CHECK_OPTIONS);
  check.action(async (flags: ConfigCheckFlags) => {
    const { configCheckCommand } = await import('../actions/config.ts');
    configCheckCommand(flags);
  });

  config
    .command('suite-schema')
    .description(
      'print the JSON Schema of a suite file (the file shipped as src/suite/suite.schema.json; name it in a suite with `# yaml-language-server: $schema=PATH`)',
    )
    .action(async () => (await import('../actions/config.ts')).printSchema('suite'));

  config
    .command('schema')
    .description('print the JSON Schema of tdo.config.json (the file shipped as src/config/tdo.config.schema.json)')
    .action(async () => (await import('../actions/config.ts')).printSchema('config'));
}
