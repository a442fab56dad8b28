import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { WORKER_OPTIONS, type WorkerFlags } from '../tables/worker.ts';

export function registerWorker(program: Command): void {
  const command = program
    .command('worker')
    .description('run episodes from a Redis queue (`tdo run`, `experiment`, `optimize` or `demo` with `--queue`) on this or another machine, until Ctrl-C');
  addTable(command, WORKER_OPTIONS);
  command.action(async (flags: WorkerFlags) => {
    // Loaded on use: the agents and BullMQ are heavy, and `tdo serve` must start fast.
    const { workerCommand } = await import('../actions/worker.ts');
    await workerCommand(flags);
  });
}
