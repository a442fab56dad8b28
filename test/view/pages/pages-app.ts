// The search, version and experiment pages mounted on a Hono app in process, the way `tdo view` serves them
// (docs/view.md), with the user's input errors as 404: a route test calls app.request, no port.
import { Hono } from 'hono';
import { isTdoError } from '../../../src/index.ts';
import type { TraceStore } from '../../../traces/index.ts';
import { SEARCH_AND_REVIEW_PAGES } from '../../../view/pages/additional.ts';

export function pagesApp(store: TraceStore): Hono {
  const app = new Hono();
  for (const page of SEARCH_AND_REVIEW_PAGES) {
    app.get(page.path, async (c) => {
      const body = await page.render({ store, params: c.req.param(), query: new URL(c.req.url).searchParams });
      return c.html(`<!doctype html>${body.html}`);
    });
  }
  app.onError((err, c) => (isTdoError(err, 'input') ? c.text(err.message, 404) : c.text('internal error', 500)));
  return app;
}
