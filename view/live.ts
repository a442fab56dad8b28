// Live pages: the server sends an event whenever the store's data changes (SQLite's data_version, which moves when
// another connection commits), and the page's script fetches the page again and swaps its <main>. No library: the
// browser's EventSource and fetch are enough (docs/view.md, docs/libraries.md).
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { TraceStore } from '../traces/index.ts';

export const EVENTS_PATH = '/events';
/** The header the live script sends: the server then answers with the page's <main> only. */
export const FRAGMENT_HEADER = 'x-tdo-fragment';

/** Sends `change` each time the store's data version moves, polled every `pollMs`, until the client goes. */
export function storeEvents(c: Context, store: Pick<TraceStore, 'dataVersion'>, pollMs: number) {
  return streamSSE(c, async (stream) => {
    let seen = store.dataVersion();
    let open = true;
    stream.onAbort(() => {
      open = false;
    });
    await stream.writeSSE({ event: 'ready', data: String(seen) });
    while (open) {
      await stream.sleep(pollMs);
      const now = store.dataVersion();
      if (now === seen) continue;
      seen = now;
      await stream.writeSSE({ event: 'change', data: String(now) });
    }
  });
}

/** The script of a live page: on each change, fetch the same URL's <main> and put it in place. */
export const LIVE_SCRIPT = `'use strict';
(() => {
  const events = new EventSource('${EVENTS_PATH}');
  // a change that comes while the page is being fetched is fetched once more after it, never dropped
  let fetching = false;
  let again = false;
  const refresh = async () => {
    if (fetching) return void (again = true);
    fetching = true;
    try {
      const response = await fetch(location.href, { headers: { '${FRAGMENT_HEADER}': '1' } });
      if (response.ok) document.querySelector('main').innerHTML = await response.text();
    } finally {
      fetching = false;
      if (again) {
        again = false;
        refresh();
      }
    }
  };
  events.addEventListener('change', refresh);
})();
`;
