import type { HttpServerSpec, ServerSpec } from '../suite/schema.ts';
import { connectServer, type ServerConnection } from './connection.ts';
import { inheritedEnv } from './inherited-env.ts';
import { launchHttpServer } from './launch.ts';

/** Extra request headers for one server (e.g. a bearer token), given its name and URL. */
export type HeadersFor = (server: string, url: string) => Promise<Record<string, string>>;

/** A live connection to a server, and the process tdo started for it when it serves HTTP itself. */
export interface StartedServer {
  connection: ServerConnection;
  /** the spec as connected: a server started over HTTP appears with the URL it announced */
  spec: ServerSpec;
  /** Closes the connection, then stops the process tdo launched for it, if any. */
  close(): Promise<void>;
}

/**
 * Starts (stdio, or `transport: http`) or reaches (a URL) one server and connects to it; `env` is added to the
 * environment of a server launched over HTTP, and `headersFor` gives a server that declares `auth` its headers.
 */
export async function startServer(spec: ServerSpec, env: Record<string, string>, headersFor?: HeadersFor, signal?: AbortSignal): Promise<StartedServer> {
  if (!('command' in spec) || spec.transport !== 'http') {
    const connection = await connectServer(await withHeaders(spec, headersFor), signal);
    return { connection, spec, close: () => connection.close() };
  }
  const launched = await launchHttpServer(spec, { ...inheritedEnv(), ...env });
  const reached: HttpServerSpec = { name: spec.name, url: launched.url, headers: {}, ...(spec.auth === undefined ? {} : { auth: spec.auth }) };
  try {
    const connection = await connectServer(await withHeaders(reached, headersFor), signal);
    return {
      connection,
      spec: reached,
      close: async () => {
        await connection.close().catch(() => undefined);
        await launched.stop();
      },
    };
  } catch (err) {
    await launched.stop();
    throw err;
  }
}

/** Starts every server, or none: when one fails, those already started are closed and its error is thrown. */
export async function startAll(specs: readonly ServerSpec[], start: (spec: ServerSpec) => Promise<StartedServer>): Promise<StartedServer[]> {
  const settled = await Promise.allSettled(specs.map(start));
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure !== undefined) {
    await Promise.allSettled(started.map((s) => s.close()));
    throw failure.reason;
  }
  return started;
}

/** An HTTP spec with `auth` gets the extra headers; everything else is returned as is. */
export async function withHeaders(spec: ServerSpec, headersFor: HeadersFor | undefined): Promise<ServerSpec> {
  if (!('url' in spec) || spec.auth === undefined || headersFor === undefined) return spec;
  return { ...spec, headers: { ...spec.headers, ...(await headersFor(spec.name, spec.url)) } };
}
