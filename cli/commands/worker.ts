import type { Command } from 'commander';
import { positiveInt, rateLimitOption, sharedOption } from '../options.ts';
import type { RateLimitFlags } from '../rate-limits.ts';

export interface WorkerFlags extends RateLimitFlags {
  queue: string;
  /** the only suites this worker runs */
  suite: string[];
  config?: string;
  concurrency: number;
  lockDuration: number;
  name?: string;
}

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('run episodes from a Redis queue (`tdo run`, `experiment`, `optimize` or `demo` with `--queue`) on this or another machine, until Ctrl-C')
    .requiredOption('--queue <url>', 'the queue the coordinator uses: redis://HOST:PORT[/DB]')
    // Required, and the only suites run: a job names one of them, never a file or a command (docs/queue.md).
    .addOption(
      sharedOption.suites(
        'the suites this worker runs, names or files, comma-separated (or the flag repeated): a job naming any other suite, or another version of one, is refused',
      ),
    )
    .addOption(sharedOption.concurrency('episodes in flight on this worker'))
    .addOption(sharedOption.config())
    .option(
      '--lock-duration <ms>',
      "how long a job's lock lasts unrenewed: a killed worker's episodes go to another worker within about twice this",
      positiveInt,
      30_000,
    )
    .option('--name <name>', 'how the queue names this worker (default: BullMQ picks one)')
    // A limit per worker process: give each worker its share of the endpoint's limit.
    .addOption(rateLimitOption('rpm'))
    .addOption(rateLimitOption('tpm'))
    .action(async (flags: WorkerFlags) => {
      // Loaded on use: the agents and BullMQ are heavy, and `tdo serve` must start fast.
      const { workerCommand } = await import('../actions/worker.ts');
      await workerCommand(flags);
    });
}
