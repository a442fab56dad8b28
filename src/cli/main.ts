import { Command, CommanderError } from 'commander';
import { EXIT_FAILURE, EXIT_USAGE, UsageError } from './errors.ts';
import { registerRun } from './commands/run.ts';
import { registerServe } from './commands/serve.ts';
import { registerTraces } from './commands/traces.ts';

const program = new Command('tdo')
  .description('trajectory-driven tool description optimizer for MCP servers')
  .version('0.1.0')
  // Program options only before the command, so `tdo run --version V` means a description version.
  .enablePositionalOptions()
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();
registerRun(program);
registerTraces(program);
registerServe(program);
for (const command of program.commands) command.exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // Help and version requests end here too, with exit code 0.
    process.exitCode = err.exitCode === 0 ? 0 : EXIT_USAGE;
  } else if (err instanceof UsageError) {
    process.stderr.write(`tdo: ${err.message}\n`);
    process.exitCode = EXIT_USAGE;
  } else {
    process.stderr.write(`tdo: ${(err as Error).stack ?? String(err)}\n`);
    process.exitCode = EXIT_FAILURE;
  }
}
