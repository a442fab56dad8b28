// The entry bin/tdo.js loads for `tdo serve` alone. Every shipped suite starts each of its servers with
// `tdo serve`, so a run with five servers starts five of these: loading only this command, not the whole
// CLI (cli/main.ts), takes about a fifth off each server's start.
import { registerServe } from './commands/serve.ts';
import { runProgram, tdoProgram } from './program.ts';

const program = tdoProgram();
registerServe(program);
await runProgram(program, process.argv);
