import type { ConnectionOptions } from 'bullmq';
import * as z from 'zod';
import { inputError } from '../../errors.ts';

/** Where the episode queue lives. `shown` is the URL without its password, for messages. */
export interface QueueAddress {
  shown: string;
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
}

const DEFAULT_REDIS_PORT = 6379;

const queueUrl = z
  .url({ protocol: /^redis$/, error: 'must be a URL of the form redis://HOST:PORT[/DB]' })
  .transform((text) => new URL(text))
  .refine((url) => url.hostname !== '', 'names no host (redis://HOST:PORT[/DB])')
  .refine((url) => /^\/?(\d+)?$/.test(url.pathname), 'may end in a database number only (redis://HOST:PORT/DB)')
  .refine((url) => url.search === '' && url.hash === '', 'takes no query or fragment');

export function parseQueueAddress(text: string): QueueAddress {
  const parsed = queueUrl.safeParse(text);
  if (!parsed.success) throw inputError(`--queue ${text}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const url = parsed.data;
  const port = url.port === '' ? DEFAULT_REDIS_PORT : Number(url.port);
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    shown: `redis://${url.hostname}:${port}/${db}`,
    host,
    port,
    db,
    ...(url.username === '' ? {} : { username: decodeURIComponent(url.username) }),
    ...(url.password === '' ? {} : { password: decodeURIComponent(url.password) }),
  };
}

/** A few reconnection tries, then give up: a coordinator that lost Redis stops its run instead of waiting forever. */
const COORDINATOR_RECONNECT_TRIES = 5;

/**
 * Connection settings for BullMQ. A worker (`persistent`) reconnects for as long as it takes, so it
 * survives a Redis restart; a coordinator gives up after a few tries and reports the queue lost.
 */
export function connectionOptions(address: QueueAddress, { persistent }: { persistent: boolean }): ConnectionOptions {
  return {
    host: address.host,
    port: address.port,
    db: address.db,
    ...(address.username === undefined ? {} : { username: address.username }),
    ...(address.password === undefined ? {} : { password: address.password }),
    // BullMQ's blocking commands need it unset: a command waits for the connection instead of failing.
    maxRetriesPerRequest: null,
    retryStrategy: (tries: number) => (persistent ? Math.min(tries * 500, 5000) : tries > COORDINATOR_RECONNECT_TRIES ? null : tries * 200),
  };
}
