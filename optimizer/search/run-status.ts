// A search's runs over its life: locked once opened, their status set together (with several agents each
// agent's own run shares the search's), and on failure marked failed or interrupted, with the way on.
import { TdoError } from '../../src/index.ts';
import type { RunLock, RunRow, TraceStore } from '../../traces/index.ts';
import { EvaluationInterrupted } from '../engine/types.ts';

type RunStatus = Parameters<TraceStore['setRunStatus']>[1];

export class SearchRuns {
  private run: RunRow | undefined;
  private lock: RunLock | undefined;
  private ids: string[] = [];

  constructor(private readonly store: TraceStore) {}

  /**
   * Locks the run before anything of it is written, and before it counts as this search's: a second process
   * resuming the same run is refused here (TraceStoreError, naming the run and the lock) without marking the
   * holder's run failed.
   */
  open(run: RunRow, agentRuns: readonly string[]): void {
    this.lock = this.store.lockRun(run.id);
    this.run = run;
    this.ids = [...new Set([run.id, ...agentRuns])];
  }

  setStatus(status: RunStatus): void {
    this.ids.forEach((id) => this.store.setRunStatus(id, status));
  }

  /**
   * What to throw for a failure of the search: the runs marked interrupted (the signal asked) or failed; stopped
   * before the seed was validated or while the held-out splits were measured, an interruption with no report,
   * only the way on.
   */
  failure(err: unknown, signal: AbortSignal | undefined, resumeCommand: (runId: string) => string): unknown {
    if (this.run === undefined) return err;
    this.setStatus(signal?.aborted ? 'interrupted' : 'failed');
    if (!(err instanceof EvaluationInterrupted)) return err;
    const why = interruptionReason(signal);
    const stopped = why === 'interrupted' ? 'interrupted' : `stopped by its ${why}`;
    const raise = why === 'interrupted' ? '' : ' and a raised cap';
    const message = `optimize run ${this.run.id} was ${stopped} before it had a result to report; continue it with \`${resumeCommand(this.run.id)}\`${raise}`;
    return new TdoError('interrupted', message, { cause: err });
  }

  release(): void {
    this.lock?.release();
  }
}

/**
 * Why an interrupted search stopped: a stop that says why aborts its signal with the reason as a string (a cap:
 * "cost cap", src/models/spend.ts); Ctrl-C's abort says nothing more.
 */
export function interruptionReason(signal: AbortSignal | undefined): string {
  return typeof signal?.reason === 'string' ? signal.reason : 'interrupted';
}
