import { Command } from 'commander';
import { reportFailure } from './errors.ts';

/** The `tdo` program before any command is registered: its name, version and how it reports usage errors. */
export function tdoProgram(): Command {
  return (
    new Command('tdo')
      .description('trajectory-driven tool description optimizer for MCP servers')
      .version('0.1.0')
      // Program options only before the command, so `tdo run --version V` means a description version.
      .enablePositionalOptions()
      .showHelpAfterError('(run with --help for usage)')
      .exitOverride()
  );
}

/** Runs the command argv names; a failure prints what to fix (cli/errors.ts) and sets the exit code. */
export async function runProgram(program: Command, argv: readonly string[]): Promise<void> {
  for (const command of program.commands) command.exitOverride();
  try {
    await program.parseAsync(withoutHelpForUnknownCommand(program, argv));
  } catch (err) {
    const { exitCode, message } = await reportFailure(err);
    if (message !== undefined) process.stderr.write(message);
    process.exitCode = exitCode;
  }
}

/**
 * argv without its help flags when a word of it names no command: `tdo frobnicate --help` is a typo to report
 * ("unknown command", with commander's did-you-mean), not a request for the general help.
 */
function withoutHelpForUnknownCommand(program: Command, argv: readonly string[]): readonly string[] {
  let command = program;
  for (const word of argv.slice(2)) {
    if (word.startsWith('-') || command.commands.length === 0) break;
    const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (next === undefined) return word === 'help' ? argv : argv.filter((arg) => arg !== '--help' && arg !== '-h');
    command = next;
  }
  return argv;
}
