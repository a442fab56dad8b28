/**
 * Collects the process's unhandled rejections until `stop()`. Vitest leaves a rejection to a listener of the
 * test's own, so a test that must leave none asserts `seen` is empty instead of failing the whole run.
 */
export function unhandledRejections(): { seen: unknown[]; stop(): void } {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  return { seen, stop: () => process.off('unhandledRejection', listener) };
}
