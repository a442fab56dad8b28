// The Hono app of `tdo view`: every page of VIEW_PAGES at its path in the one layout, the live events, and nothing
// that writes: only GET (and HEAD) routes exist. Requests whose Host is not a loopback name are refused, so a web page
// elsewhere cannot reach the store through DNS rebinding (docs/view.md).
import { Hono, type Context } from 'hono';
import type { TraceStore } from '../traces/index.ts';
import { isTdoError } from '../src/index.ts';
import { PageError } from './errors.ts';
import { errorBody, layout, LIVE_SCRIPT_PATH } from './layout.ts';
import { EVENTS_PATH, FRAGMENT_HEADER, LIVE_SCRIPT, storeEvents } from './live.ts';
import type { PageBody, ViewPage } from './page.ts';
import { VIEW_PAGES } from './pages/index.ts';

export interface ViewAppOptions {
  /** how often the live events read the store's data version */
  pollMs?: number;
  pages?: readonly ViewPage[];
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** The browser may load only what this server sends: no other origin, no inline script. */
const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** The host name a request was sent to, without its port. */
export function requestHostName(c: Context): string {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

export function viewApp(store: TraceStore, options: ViewAppOptions = {}): Hono {
  const pages = options.pages ?? VIEW_PAGES;
  const app = new Hono();
  app.use(async (c, next) => {
    if (!LOOPBACK_HOSTS.has(requestHostName(c).toLowerCase())) {
      return c.html(layout(pages, errorBody(403, 'tdo view answers only requests sent to 127.0.0.1 or localhost'), store.path), 403, SECURITY_HEADERS);
    }
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
  });
  app.get(EVENTS_PATH, (c) => storeEvents(c, store, options.pollMs ?? 500));
  app.get(LIVE_SCRIPT_PATH, (c) => c.body(LIVE_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  for (const page of pages) {
    app.get(page.path, async (c) => {
      const body = await page.render({ store, params: c.req.param() as Record<string, string>, query: new URL(c.req.url).searchParams });
      return answer(c, pages, body, store.path, 200);
    });
  }
  app.notFound((c) => answer(c, pages, errorBody(404, `no page at ${new URL(c.req.url).pathname}`), store.path, 404));
  app.onError((error, c) => {
    if (error instanceof PageError) return answer(c, pages, errorBody(error.status, error.message), store.path, error.status);
    // the core's input error names what the URL asked for and the store does not hold (an unknown version id)
    if (isTdoError(error, 'input')) return answer(c, pages, errorBody(404, error.message), store.path, 404);
    // a bug or a store that failed: said on the page, and on the terminal that started the viewer
    process.stderr.write(`tdo view: ${c.req.path}: ${error.stack ?? error.message}\n`);
    return answer(c, pages, errorBody(500, error.message), store.path, 500);
  });
  return app;
}

/** The page in the layout, or its <main> alone for the live script. */
function answer(c: Context, pages: readonly ViewPage[], body: PageBody, storePath: string, status: 200 | 400 | 404 | 500) {
  if (c.req.header(FRAGMENT_HEADER) !== undefined) return c.html(body.html, status);
  return c.html(layout(pages, body, storePath), status);
}
