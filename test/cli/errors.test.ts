import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { databasePath } from '../../cli/database-path.ts';
import { EXIT, reportFailure } from '../../cli/errors.ts';
import { infrastructureError, inputError, TdoError } from '../../src/errors.ts';
import { TraceStoreError } from '../../traces/index.ts';

describe('exit codes, mapped in one place', () => {
  it('maps each kind of TdoError to its code and prints its message without a stack', async () => {
    expect(await reportFailure(inputError('--budget: expected a positive integer'))).toEqual({
      exitCode: EXIT.input,
      message: 'tdo: --budget: expected a positive integer\n',
    });
    expect(await reportFailure(infrastructureError('cannot reach the episode queue'))).toEqual({
      exitCode: EXIT.outage,
      message: 'tdo: cannot reach the episode queue\n',
    });
    expect(await reportFailure(new TdoError('interrupted', 'stopped'))).toEqual({ exitCode: EXIT.interrupted, message: 'tdo: stopped\n' });
  });

  it("maps the trace store's own error (traces/ imports nothing of ours) like input", async () => {
    expect(await reportFailure(new TraceStoreError('trace store x.db: is not writable'))).toEqual({
      exitCode: EXIT.input,
      message: 'tdo: trace store x.db: is not writable\n',
    });
  });

  it('names the command that lists what could have been given, with --db only for another database, through a wrapper', async () => {
    const elsewhere = inputError('unknown description version "v-x" in /tmp/other.db', { see: { command: 'tdo versions', dbPath: '/tmp/other.db' } });
    expect((await reportFailure(elsewhere)).message).toBe('tdo: unknown description version "v-x" in /tmp/other.db (see `tdo versions --db /tmp/other.db`)\n');
    const here = inputError('no run "r-x"', { see: { command: 'tdo traces list', dbPath: databasePath({}) } });
    expect((await reportFailure(here)).message).toBe('tdo: no run "r-x" (see `tdo traces list`)\n');
    const wrapped = inputError('suite lab, version v-x: unknown description version "v-x"', { cause: elsewhere });
    expect((await reportFailure(wrapped)).message).toMatch(/^tdo: suite lab, version v-x: .* \(see `tdo versions --db \/tmp\/other\.db`\)\n$/);
  });

  it('leaves printing to commander, with 0 for help and 2 for a bad flag', async () => {
    expect(await reportFailure(new CommanderError(0, 'commander.helpDisplayed', ''))).toEqual({ exitCode: EXIT.ok });
    expect(await reportFailure(new CommanderError(1, 'commander.unknownOption', "error: unknown option '--nope'"))).toEqual({ exitCode: EXIT.input });
  });

  it('keeps the codes scripts read: 2 for what the user gave, 3 for an outage, 130 for an interruption', () => {
    expect([EXIT.ok, EXIT.failure, EXIT.input, EXIT.outage, EXIT.interrupted]).toEqual([0, 1, 2, 3, 130]);
  });

  it('shows anything else as a bug, with its stack, exit 1', async () => {
    const bug = new TypeError('x is undefined');
    const { exitCode, message } = await reportFailure(bug);
    expect(exitCode).toBe(EXIT.failure);
    expect(message).toContain('TypeError: x is undefined\n    at ');
  });
});
