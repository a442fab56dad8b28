import { Command, CommanderError } from 'commander';
import { EXIT_FAILURE, EXIT_USAGE, UsageError } from './errors.ts';
import { registerAgents } from './commands/agents.ts';
import { registerOptimize } from './commands/optimize.ts';
import { registerDemo } from './commands/demo.ts';
import { registerConfig } from './commands/config.ts';
import { registerProxy } from './commands/proxy.ts';
import { registerRun } from './commands/run.ts';
import { registerServe } from './commands/serve.ts';
import { registerTraces } from './commands/traces.ts';
import { registerApply } from './commands/apply.ts';
import { registerDiff } from './commands/diff.ts';
import { registerExperiment } from './commands/experiment.ts';
import { registerImport } from './commands/import.ts';
import { registerInit } from './commands/init.ts';
import { registerLint } from './commands/lint.ts';
import { registerVersions } from './commands/versions.ts';
import { registerWorker } from './commands/worker.ts';
import { InputError } from '../../experiments/input-error.ts';
import { OutageError } from '../run/outages.ts';

const program = new Command('tdo')
  .description('trajectory-driven tool description optimizer for MCP servers')
  .version('0.1.0')
  // Program options only before the command, so `tdo run --version V` means a description version.
  .enablePositionalOptions()
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();
registerInit(program);
registerRun(program);
registerTraces(program);
registerServe(program);
registerVersions(program);
registerApply(program);
registerImport(program);
registerDiff(program);
registerLint(program);
registerExperiment(program);
registerProxy(program);
registerConfig(program);
registerOptimize(program);
registerDemo(program);
registerWorker(program);
registerAgents(program);
for (const command of program.commands) command.exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // Help and version requests end here too, with exit code 0.
    process.exitCode = err.exitCode === 0 ? 0 : EXIT_USAGE;
  } else if (err instanceof UsageError || err instanceof InputError || err instanceof OutageError) {
    process.stderr.write(`tdo: ${err.message}\n`);
    process.exitCode = EXIT_USAGE;
  } else {
    // A server that cannot be reached is an operational failure: its message says what to fix, a stack would not.
    const { ConnectionError } = await import('../host/connection.ts');
    // A database that takes no writes (read-only, disk full) or another run's lock: the user fixes the input.
    const { TraceStoreError } = await import('../../traces/errors.ts');
    const known = err instanceof ConnectionError || err instanceof TraceStoreError;
    process.stderr.write(`tdo: ${known ? err.message : ((err as Error).stack ?? String(err))}\n`);
    process.exitCode = err instanceof TraceStoreError ? EXIT_USAGE : EXIT_FAILURE;
  }
}
