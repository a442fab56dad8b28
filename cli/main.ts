import { reportFailure } from './errors.ts';
import { Command } from 'commander';
import { registerAgents } from './commands/agents.ts';
import { registerOptimize } from './commands/optimize.ts';
import { registerDemo } from './commands/demo.ts';
import { registerConfig } from './commands/config.ts';
import { registerProxy } from './commands/proxy.ts';
import { registerGateway } from './commands/gateway.ts';
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
registerGateway(program);
registerConfig(program);
registerOptimize(program);
registerDemo(program);
registerWorker(program);
registerAgents(program);
for (const command of program.commands) command.exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (err) {
  const { exitCode, message } = await reportFailure(err);
  if (message !== undefined) process.stderr.write(message);
  process.exitCode = exitCode;
}
