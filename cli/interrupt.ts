import { isTdoError, TdoError } from '../src/index.ts';

/**
 * An abort signal raised by Ctrl-C or SIGTERM: long commands stop taking new work, finish what is in
 * flight and save it. `release()` removes the handlers once the command is done; a second Ctrl-C after
 * the first one ends the process as the signal does by default.
 */
function interruptSignal(message: string): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const onSignal = () => {
    process.stderr.write(`\n${message}\n`);
    controller.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    release() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

/**
 * The one interruption path of a command that stops on Ctrl-C: `work` gets the signal and stops taking new work
 * when it is raised. Once it is raised, whatever error follows is the interruption (exit 130), never an outage: a
 * terminal sends Ctrl-C to the whole process group, so the servers tdo started die of it too, mid-start-up or
 * mid-call. `interrupted()` says what was interrupted and how to go on (the resume command once a run exists), read
 * when the error comes.
 */
export async function interruptible<T>(message: string, work: (signal: AbortSignal) => Promise<T>, interrupted: () => string): Promise<T> {
  const interrupt = interruptSignal(message);
  try {
    return await work(interrupt.signal);
  } catch (err) {
    if (!interrupt.signal.aborted || isTdoError(err, 'interrupted')) throw err;
    throw new TdoError('interrupted', interrupted(), { cause: err });
  } finally {
    interrupt.release();
  }
}

/** What a command that makes a run hands down: Ctrl-C's signal, and who is told the run's id once it exists. */
export interface Interruption {
  signal: AbortSignal;
  onRun(runId: string): void;
}
