// `tdo worker`'s options, declared once (cli/option-table.ts).
import { positiveInt, rateLimitSpec, sharedSpec } from '../options.ts';
import { required, valueOption, type FlagsOf } from '../option-table.ts';

export const WORKER_OPTIONS = {
  queue: required(valueOption('--queue <url>', 'the queue the coordinator uses: redis://HOST:PORT[/DB]')),
  // Required, and the only suites run: a job names one of them, never a file or a command (docs/queue.md).
  suite: sharedSpec.suites(
    'the suites this worker runs, names or files, comma-separated (or the flag repeated): a job naming any other suite, or another version of one, is refused',
  ),
  concurrency: sharedSpec.concurrency('episodes in flight on this worker'),
  config: sharedSpec.config(),
  lockDuration: valueOption(
    '--lock-duration <ms>',
    "how long a job's lock lasts unrenewed: a killed worker's episodes go to another worker within about twice this",
    { parse: positiveInt, default: 30_000 },
  ),
  name: valueOption('--name <name>', 'how the queue names this worker (default: BullMQ picks one)'),
  // A limit per worker process: give each worker its share of the endpoint's limit.
  rpm: rateLimitSpec('rpm'),
  tpm: rateLimitSpec('tpm'),
};

export type WorkerFlags = FlagsOf<typeof WORKER_OPTIONS>;
