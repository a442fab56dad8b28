/**
 * Runs `work` over `items` with at most `concurrency` in flight, in item order. Stops taking new items
 * once `shouldStop` says so; items already started always finish.
 */
export async function runPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>, shouldStop: () => boolean): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !shouldStop()) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}
