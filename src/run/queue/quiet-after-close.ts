import type { Queue, QueueEvents, RedisConnection, Worker } from 'bullmq';

/** The Redis connections a BullMQ object opened itself: a worker has a second one for its blocking reads. */
function connectionsOf(owner: Queue | QueueEvents | Worker): RedisConnection[] {
  // Neither is public API (`blockingConnection` is private to Worker), so both are read by name.
  const { connection, blockingConnection } = owner as unknown as { connection: RedisConnection; blockingConnection?: RedisConnection };
  return blockingConnection === undefined ? [connection] : [connection, blockingConnection];
}

/**
 * Makes a BullMQ queue, queue-events reader or worker drop the 'error' of a connection it has already closed.
 *
 * BullMQ (5.81) re-emits a failed first connect as 'error' on its connection from a handler installed at
 * construction, while close() removes every listener. A connection closed while a connect attempt is in flight,
 * after an earlier one failed, then fails that first connect with the earlier error (`connect ECONNREFUSED`),
 * and emitting it with no listener throws inside that handler: an unhandled rejection that ends a `tdo worker`
 * or fails a test run. Until close() BullMQ always listens, so only errors nobody can act on are dropped.
 */
export function quietAfterClose<T extends Queue | QueueEvents | Worker>(owner: T): T {
  for (const connection of connectionsOf(owner)) {
    const emit = connection.emit.bind(connection);
    connection.emit = (event, ...args) => (event === 'error' && connection.listenerCount('error') === 0 ? false : emit(event, ...args));
  }
  return owner;
}

/**
 * Closes a BullMQ queue, queue-events reader or worker without waiting for its connections to come up: its own
 * close() first waits for them, for ever when the server took the connection and never answers.
 *
 * Its close() is called, so it knows it is closing, but not awaited: a first connect that the forced close ended
 * between two retries never settles (ioredis emits no 'end' for a socket already gone), and QueueEvents.close()
 * awaits it. Awaited, that left the process with nothing to run and an await unsettled (exit 13, not 3).
 */
export async function closeNow(owner: Queue | QueueEvents | Worker): Promise<void> {
  await Promise.allSettled(connectionsOf(owner).map((connection) => connection.close(true)));
  void owner.close().catch(() => undefined);
}
