import cliProgress from 'cli-progress';

export interface Progress {
  start(total: number, done: number): void;
  tick(success: boolean): void;
  stop(): void;
}

/** A progress bar on stderr when it is a terminal; silent otherwise, so logs and pipes stay clean. */
export function startProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { start() {}, tick() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    { stream, format: 'episodes {bar} {value}/{total} | success {successes}/{finished} | {eta_formatted} left', hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let successes = 0;
  let finished = 0;
  return {
    start(total, done) {
      bar.start(total, done, { successes, finished });
    },
    tick(success) {
      finished++;
      if (success) successes++;
      bar.increment(1, { successes, finished });
    },
    stop() {
      bar.stop();
    },
  };
}
