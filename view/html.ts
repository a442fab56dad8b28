// HTML for `tdo view`, built only through hono/html's `html` template, which escapes every value it is given: tool
// descriptions, arguments and results are outside text (docs/view.md).
import { html as honoHtml, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export type Html = HtmlEscapedString;

/** `html` for a page rendered synchronously (every value at hand): its text, never a promise. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  const out = honoHtml(strings, ...values);
  if (out instanceof Promise) throw new Error('view/html.ts: a page rendered a promise; await its data before rendering');
  return out;
}

/** A page body's HTML, already escaped by `html`, placed as it is. */
export const escaped = (text: string): Html => raw(text);
