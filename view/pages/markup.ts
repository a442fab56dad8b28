// The one way the search, version and experiment pages write HTML: hono/html's `html` template, which escapes
// every interpolated string (descriptions, reasons and task ids are outside text), made synchronous for a page.
import { html, raw } from 'hono/html';

/** Escaped HTML: a String that hono/html interpolates as is, never escaped twice. */
export type Markup = Exclude<ReturnType<typeof html>, Promise<unknown>>;

/** `html` without promises: every value a page interpolates is already computed. */
export function h(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  const out = html(strings, ...values);
  if (out instanceof Promise) throw new Error('a page template was given a promise');
  return out;
}

/**
 * HTML a renderer of this repository already escaped (experiments/review/render-diff.ts, its SVG charts), or
 * SVG built here from numbers and escaped labels, passed through unchanged.
 */
export const escapedAlready = (text: string): Markup => raw(text);
