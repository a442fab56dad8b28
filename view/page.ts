// What one page of `tdo view` is (docs/view.md): a path, an optional place in the navigation, and a render from
// the trace store and the request's parameters to escaped HTML. The pages are listed in view/pages/index.ts.
import type { TraceStore } from '../traces/index.ts';

/** What a page is given: the store `tdo view` opened, the path's parameters and the URL's query (its filters). */
export interface PageRequest {
  readonly store: TraceStore;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
}

/** A rendered page: its title and its body, HTML already escaped; the server wraps it in the layout. */
export interface PageBody {
  readonly title: string;
  readonly html: string;
  /** the page follows the store as runs write to it (view/live.ts); set while what it shows may still change */
  readonly live?: boolean;
}

export interface ViewPage {
  /** the route, in Hono's syntax: `/runs/:runId` */
  readonly path: string;
  /** the label of the page in the top navigation; absent for pages reached by a link */
  readonly nav?: string;
  render(request: PageRequest): PageBody | Promise<PageBody>;
}
