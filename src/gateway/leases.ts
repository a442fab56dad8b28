import { randomUUID } from 'node:crypto';

/** How long a waiting request sleeps before it looks again for a lease another gateway gave back (Redis store). */
const RETRY_MS = 20;

/**
 * Where leases are held: in this process, or in Redis shared by several gateways. Each lease expires unless
 * renewed, so one whose release was lost (a gateway killed, Redis away when it was given back) is freed by time.
 */
export interface LeaseStore {
  /** Holds `id` under `key` until `ttlMs` from now when fewer than `points` are held there; true when held. */
  take(key: string, id: string, points: number, ttlMs: number): Promise<boolean>;
  /** Moves a held lease's expiry to `ttlMs` from now (nothing when it has expired). */
  renew(key: string, id: string, ttlMs: number): Promise<void>;
  release(key: string, id: string): Promise<void>;
  /** How many leases are held under `key` now. */
  held(key: string): Promise<number>;
}

/** One of a key's `points`, held until released. */
export interface Lease {
  release(): void;
  /** gives the lease back `ms` after now (never sooner: a timer that fires early waits again) */
  releaseAfter(ms: number): void;
}

/**
 * Leases on a store (points = how many may be held at once under a key). As concurrency, a lease is held until
 * the answer ends; as a rate, it is given back one second after its request was sent, so no second, wherever it
 * starts, holds more than `points` requests (a fixed window would let twice that through across its edge). A
 * held lease is renewed every third of its time to live; the waiter of a key is its queue's head, one at a time
 * (queue.ts).
 */
export class Leases {
  private readonly wakers = new Map<string, () => void>();

  constructor(
    private readonly store: LeaseStore,
    /** the store's namespace for this limit: several limits share a store */
    private readonly name: string,
    private readonly points: number,
    private readonly ttlMs: number,
  ) {}

  /** Waits until a lease is free; a store that fails rejects with its error, so the request is refused with the cause. */
  async take(key: string): Promise<Lease> {
    const id = randomUUID();
    while (!(await this.store.take(this.storeKey(key), id, this.points, this.ttlMs))) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, RETRY_MS);
        function wake() {
          clearTimeout(timer);
          resolve();
        }
        this.wakers.set(key, wake);
      });
      this.wakers.delete(key);
    }
    return this.lease(key, id);
  }

  /** How many leases `key` holds now. */
  held(key: string): Promise<number> {
    return this.store.held(this.storeKey(key));
  }

  private storeKey(key: string): string {
    return `${this.name}:${key}`;
  }

  private lease(key: string, id: string): Lease {
    const storeKey = this.storeKey(key);
    // a renewal the store fails is let go: the lease lives until its expiry, and the next renewal tries again
    const renewal = setInterval(() => void this.store.renew(storeKey, id, this.ttlMs).catch(() => undefined), this.ttlMs / 3);
    renewal.unref();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearInterval(renewal);
      // a release the store fails is healed by the lease's expiry
      void this.store
        .release(storeKey, id)
        .catch(() => undefined)
        .then(() => this.wakers.get(key)?.());
    };
    return {
      release,
      releaseAfter(ms) {
        const due = performance.now() + ms;
        const check = () => {
          const left = due - performance.now();
          if (left <= 0) release();
          else setTimeout(check, Math.ceil(left));
        };
        setTimeout(check, ms);
      },
    };
  }
}

/** The store of one gateway alone: leases in a map, each expiring as in Redis (here a release is never lost). */
export class MemoryLeaseStore implements LeaseStore {
  private readonly keys = new Map<string, Map<string, number>>();

  async take(key: string, id: string, points: number, ttlMs: number): Promise<boolean> {
    const leases = this.live(key);
    if (leases.size >= points) return false;
    leases.set(id, performance.now() + ttlMs);
    return true;
  }

  async renew(key: string, id: string, ttlMs: number): Promise<void> {
    const leases = this.live(key);
    if (leases.has(id)) leases.set(id, performance.now() + ttlMs);
  }

  async release(key: string, id: string): Promise<void> {
    const leases = this.keys.get(key);
    leases?.delete(id);
    if (leases?.size === 0) this.keys.delete(key);
  }

  async held(key: string): Promise<number> {
    return this.live(key).size;
  }

  /** The key's leases not yet expired. */
  private live(key: string): Map<string, number> {
    let leases = this.keys.get(key);
    if (leases === undefined) this.keys.set(key, (leases = new Map()));
    const now = performance.now();
    for (const [id, expires] of leases) if (expires <= now) leases.delete(id);
    return leases;
  }
}
