/**
 * An abort signal raised by Ctrl-C or SIGTERM: long commands stop taking new work, finish what is in
 * flight and save it. `release()` removes the handlers once the command is done.
 */
export function interruptSignal(message: string): { signal: AbortSignal; release(): void } {
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
