import { Redis } from 'ioredis';
import { infrastructureError } from '../errors.ts';
import { Leases, MemoryLeaseStore, type LeaseStore } from './leases.ts';
import type { GatewayOptions } from './options.ts';

/**
 * The gateway's limits, each a set of leases on one store: in this process by default, or in Redis so that
 * several gateways share them. A lease expires `leaseTtlMs` after its last renewal, so one a gateway could not
 * give back (killed, or Redis away at that moment) is freed by time, never counted for ever.
 */
export interface GatewayLimiters {
  /** per token: `rate` requests in any one second */
  rate: Leases;
  /** per token: `concurrency` requests in flight, each slot given back when its answer ends */
  slots: Leases;
  /** per upstream: `pace` requests in any one second */
  pace: Leases;
  /** per token and `--method-rate` key */
  methods: Map<string, Leases>;
  close(): Promise<void>;
}

const PREFIX = 'tdo-gateway';

export interface LimiterTiming {
  /** a lost lease is freed this long after its holder stopped renewing it */
  leaseTtlMs: number;
  /** a Redis that answers no command within this is an outage (503 with the cause), never a request waiting for ever */
  redisCommandTimeoutMs: number;
}

const TIMING: LimiterTiming = { leaseTtlMs: 15_000, redisCommandTimeoutMs: 5_000 };

export async function openLimiters(options: GatewayOptions, timing: Partial<LimiterTiming> = {}): Promise<GatewayLimiters> {
  const { leaseTtlMs, redisCommandTimeoutMs } = { ...TIMING, ...timing };
  const redis = options.redis === undefined ? undefined : await connectRedis(options.redis, redisCommandTimeoutMs);
  // no in-memory fallback: when Redis is gone a request is refused with the cause, never let through uncounted
  const store = redis === undefined ? new MemoryLeaseStore() : new RedisLeaseStore(redis);
  const make = (name: string, points: number) => new Leases(store, `${PREFIX}:${name}`, points, leaseTtlMs);
  return {
    rate: make('rate', options.rate),
    slots: make('slots', options.concurrency),
    pace: make('pace', options.pace),
    methods: new Map(Object.entries(options.methodRates).map(([key, points]) => [key, make(`method:${key}`, points)])),
    close: async () => {
      if (redis !== undefined) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

// Each key is a sorted set of lease ids scored by their expiry on Redis's clock (TIME, the same for every
// gateway); each script drops the expired ones first, and the key itself expires with its last lease.
const NOW = "local t = redis.call('TIME') local now = t[1] * 1000 + math.floor(t[2] / 1000) ";
const TAKE = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;
const RENEW = `${NOW}
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;
const HELD = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])`;

/** Leases in Redis, one sorted set per key, changed only by the scripts above (each atomic). */
class RedisLeaseStore implements LeaseStore {
  constructor(private readonly redis: Redis) {}

  async take(key: string, id: string, points: number, ttlMs: number): Promise<boolean> {
    return (await this.redis.eval(TAKE, 1, key, id, points, ttlMs)) === 1;
  }

  async renew(key: string, id: string, ttlMs: number): Promise<void> {
    await this.redis.eval(RENEW, 1, key, id, ttlMs);
  }

  async release(key: string, id: string): Promise<void> {
    await this.redis.zrem(key, id);
  }

  async held(key: string): Promise<number> {
    return Number(await this.redis.eval(HELD, 1, key));
  }
}

async function connectRedis(url: string, commandTimeout: number): Promise<Redis> {
  // Commands fail at once while the connection is down, and after `commandTimeout` when Redis is there but
  // answers nothing (paused, or cut off without a reset), so a request waits for neither.
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout });
  redis.on('error', () => undefined); // each failed command carries its own error; the client reconnects by itself
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw infrastructureError(`tdo gateway: cannot reach Redis at ${url}: ${(error as Error).message}`, { cause: error });
  }
  return redis;
}
