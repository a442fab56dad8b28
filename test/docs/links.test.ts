// Every relative link of the documentation a user reads resolves: the file exists and, with a #fragment, the page
// has a heading of that slug (as GitHub renders it).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGES = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter((p) =>
  p.endsWith('.md'),
);

/** The page without code, where brackets and parentheses are not links. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function headings(text: string): Set<string> {
  return new Set([...prose(text).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!.replace(/`/g, ''))));
}

/** The relative links of `text`, the page at `page`, whose file or heading does not exist. */
function brokenLinks(page: string, text = readFileSync(join(ROOT, page), 'utf8')): string[] {
  const file = join(ROOT, page);
  const broken: string[] = [];
  for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue; // https:, mailto:
    const [path, fragment] = target!.split('#') as [string, string | undefined];
    const linked = resolve(dirname(file), path);
    if (path !== '' && !existsSync(linked)) broken.push(`${page}: ${target} (no file ${relative(ROOT, linked)})`);
    else if (fragment !== undefined && (path === '' || linked.endsWith('.md')) && !headings(path === '' ? text : readFileSync(linked, 'utf8')).has(fragment))
      broken.push(`${page}: ${target} (no heading #${fragment})`);
  }
  return broken;
}

describe('the documentation', () => {
  it('links only to files and headings that exist', () => {
    expect(PAGES.length).toBeGreaterThan(10);
    expect(PAGES.flatMap((page) => brokenLinks(page))).toEqual([]);
  });

  it('reports a link to a missing page or heading, and none inside code', () => {
    const text = [
      'See [suites](suites.md), [the check](suites.md#the-suite-check), [gone](gone.md), [no heading](suites.md#nowhere),',
      '[the top](#quick-start), [web](https://example.com) and `[code](missing.md)`.',
    ].join('\n');
    expect(brokenLinks('docs/page.md', text)).toEqual([
      'docs/page.md: gone.md (no file docs/gone.md)',
      'docs/page.md: suites.md#nowhere (no heading #nowhere)',
      'docs/page.md: #quick-start (no heading #quick-start)',
    ]);
    expect(brokenLinks('README.md', '# Quick start\n\n[the top](#quick-start)')).toEqual([]);
  });
});
