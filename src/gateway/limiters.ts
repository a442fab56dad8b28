import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { infrastructureError } from '../errors.ts';
import type { GatewayOptions } from './options.ts';

/**
 * The gateway's counters, rate-limiter-flexible limiters on one store: in this process by default, or in Redis
 * so that several gateways share them. Each counts leases held (leases.ts), so none expires by itself: a
 * gateway killed while it holds leases leaves them counted in Redis until its keys (`tdo-gateway:*`) are deleted.
 */
export interface GatewayLimiters {
  /** per token: `rate` requests in any one second */
  rate: RateLimiterAbstract;
  /** per token: `concurrency` requests in flight, each slot given back when its answer ends */
  slots: RateLimiterAbstract;
  /** per upstream: `pace` requests in any one second */
  pace: RateLimiterAbstract;
  /** per token and `--method-rate` key */
  methods: Map<string, RateLimiterAbstract>;
  close(): Promise<void>;
}

const PREFIX = 'tdo-gateway';

export async function openLimiters(options: GatewayOptions): Promise<GatewayLimiters> {
  const redis = options.redis === undefined ? undefined : await connectRedis(options.redis);
  const make = (name: string, points: number): RateLimiterAbstract =>
    redis === undefined
      ? new RateLimiterMemory({ points, duration: 0 })
      : // no in-memory fallback: when Redis is gone a request is refused with the cause, never let through uncounted
        new RateLimiterRedis({ storeClient: redis, keyPrefix: `${PREFIX}:${name}`, points, duration: 0, rejectIfRedisNotReady: true });
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

async function connectRedis(url: string): Promise<Redis> {
  // Commands fail at once while the connection is down, so a request waits for no reconnection.
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined); // each failed command carries its own error; the client reconnects by itself
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw infrastructureError(`tdo gateway: cannot reach Redis at ${url}: ${(error as Error).message}`, { cause: error });
  }
  return redis;
}
