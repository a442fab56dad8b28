import cliProgress from 'cli-progress';
import type { EngineProgress } from '../optimizer/index.ts';

/** What the bar counts of a finished episode: an error (an outage) has no verdict and is counted apart. */
export interface EpisodeTick {
  status: 'completed' | 'error';
  success: boolean;
}

export interface Progress {
  /** Starts a bar for one run; its counts start from zero, so runs of an experiment do not add up. */
  start(total: number, done: number): void;
  tick(episode: EpisodeTick): void;
  stop(): void;
}

/** A progress bar on stderr when it is a terminal; silent otherwise, so logs and pipes stay clean. */
export function startProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { start() {}, tick() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: 'episodes {bar} {value}/{total} | success {successes}/{judged} | errors {errors} | {eta_formatted} left',
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let counts = { successes: 0, judged: 0, errors: 0 };
  return {
    start(total, done) {
      counts = { successes: 0, judged: 0, errors: 0 };
      bar.start(total, done, counts);
    },
    tick(episode) {
      if (episode.status === 'error') counts.errors++;
      else {
        counts.judged++;
        if (episode.success) counts.successes++;
      }
      bar.increment(1, counts);
    },
    stop() {
      bar.stop();
    },
  };
}

/** Budget used, best validation score and pool size on stderr, only when it is a terminal. */
export function startSearchProgress(stream: NodeJS.WriteStream = process.stderr): { update(p: EngineProgress): void; stop(): void } {
  if (!stream.isTTY) return { update(_: EngineProgress) {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    { stream, format: 'budget {bar} {value}/{total} calls | best val {best} | pool {pool} | iteration {iteration}', hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(p: EngineProgress) {
      const payload = { best: p.bestValMean.toFixed(3), pool: p.poolSize, iteration: p.iteration };
      if (!started) {
        bar.start(p.budget, p.budgetUsed, payload);
        started = true;
      } else bar.update(p.budgetUsed, payload);
    },
    stop() {
      // a later update starts a new bar: the demo runs two searches in turn
      if (started) bar.stop();
      started = false;
    },
  };
}
