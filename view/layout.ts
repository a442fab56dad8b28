// The one layout around every page of `tdo view`: the navigation built from the pages' `nav` labels, the style, and
// on a live page the script that follows the store (view/live.ts).
import { html, escaped, type Html } from './html.ts';
import type { PageBody, ViewPage } from './page.ts';

export const LIVE_SCRIPT_PATH = '/live.js';

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1d2433; }
header { background: #1d2433; color: #fff; padding: 8px 16px; display: flex; gap: 16px; align-items: baseline; }
header a { color: #cfe0ff; text-decoration: none; } header .brand { font-weight: 600; color: #fff; }
main { padding: 12px 16px 48px; max-width: 1400px; }
table { border-collapse: collapse; margin: 8px 0; } th, td { border-bottom: 1px solid #e3e6ec; padding: 4px 8px; text-align: left; vertical-align: top; }
td.num { text-align: right; white-space: nowrap; } td.feedback { max-width: 420px; }
.sim { background: #fff3c4; color: #6b5200; border-radius: 3px; padding: 0 4px; font-size: 12px; }
.outcome.success { color: #136c2e; } .outcome.failed { color: #a1271b; } .outcome.error { color: #8a4b00; font-weight: 600; }
.status.running { color: #0b5cad; } .filters { margin: 8px 0; display: flex; gap: 12px; flex-wrap: wrap; align-items: center; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; } dl.facts dt { color: #5b6475; }
pre { white-space: pre-wrap; word-break: break-word; background: #f6f7f9; padding: 6px 8px; margin: 4px 0; }
ol.steps > li { margin-bottom: 10px; } li.tool.error strong { color: #a1271b; } .ms, .of, small { color: #5b6475; }
td.hit { background: #e3f4e8; } td.miss { background: #fbe4e1; } .empty { color: #5b6475; font-style: italic; }
.live-note { color: #0b5cad; font-size: 12px; }
`;

/** The whole document of one page. */
export function layout(pages: readonly ViewPage[], body: PageBody, storePath: string): Html {
  const nav = pages.filter((p) => p.nav !== undefined).map((p) => html`<a href="${p.path}">${p.nav}</a>`);
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${body.title} · tdo view</title>
        <style>
          ${escaped(STYLE)}
        </style>
        ${body.live ? html`<script src="${LIVE_SCRIPT_PATH}" defer></script>` : ''}
      </head>
      <body>
        <header>
          <span class="brand">tdo view</span>${nav}<span class="store" title="the trace store, read only">${storePath}</span>
          ${body.live ? html`<span class="live-note">live</span>` : ''}
        </header>
        <main>${escaped(body.html)}</main>
      </body>
    </html>`;
}

/** A page in place of one that could not be shown: 404 for an unknown id, 400 for a query that cannot be read. */
export function errorBody(status: number, message: string): PageBody {
  const heading = ({ 400: 'Bad request', 403: 'Refused', 404: 'Not found' } as Record<number, string>)[status] ?? 'The page failed';
  return {
    title: heading,
    html: String(
      html`<h1>${heading}</h1>
        <p class="error">${message}</p>
        <p><a href="/">all runs</a></p>`,
    ),
  };
}
