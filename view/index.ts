// The public surface of view/ for the CLI: `tdo view` loads the server (Hono and its Node adapter) on first call,
// so declaring the command loads neither.
export type { PageBody, PageRequest, ViewPage } from './page.ts';
export type { ViewServer } from './server.ts';

/** The viewer's server (view/server.ts), loaded on first call. */
export async function loadViewServer() {
  const { startViewServer } = await import('./server.ts');
  return { startViewServer };
}
