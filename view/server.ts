// `tdo view`'s HTTP server: the app of view/app.ts on 127.0.0.1 only, at a port given or picked (0).
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { TraceStore } from '../traces/index.ts';
import { viewApp, type ViewAppOptions } from './app.ts';

export interface ViewServer {
  /** http://127.0.0.1:PORT/ */
  url: string;
  close(): Promise<void>;
}

export const VIEW_HOST = '127.0.0.1';

/** Listens on 127.0.0.1:`port`; rejects with the listen error (EADDRINUSE for a taken port) when it cannot. */
export async function startViewServer(store: TraceStore, port: number, options: ViewAppOptions = {}): Promise<ViewServer> {
  const app = viewApp(store, options);
  const server = createAdaptorServer({ fetch: app.fetch, hostname: VIEW_HOST });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, VIEW_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${VIEW_HOST}:${bound}/`,
    close: () =>
      new Promise<void>((resolve) => {
        // live pages hold an event stream open: end them rather than wait for the browser to go
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
