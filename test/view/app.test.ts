// The viewer's app called in process (no port) over a store made by a real sim run: every page, its filters in the
// URL, 404s and 400s, outside text escaped, a foreign Host refused, and no route that writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewApp } from '../../view/app.ts';
import type { TraceStore } from '../../traces/index.ts';
import { HOSTILE, viewStore } from './view-store.ts';

let store: TraceStore;
let runId: string;
let app: ReturnType<typeof viewApp>;

beforeAll(async () => {
  ({ store, runId } = await viewStore());
  app = viewApp(store);
});
afterAll(() => store.close());

async function page(path: string, init?: RequestInit) {
  const response = await app.request(path, init);
  // the markup's layout between tags is the formatter's, not the page's
  return { status: response.status, text: (await response.text()).replace(/>\s+</g, '><'), headers: response.headers };
}

/** The episode links of a run page, in the order shown. */
const episodeLinks = (text: string) => [...text.matchAll(/href="\/episodes\/([^"]+)">([^<]+)</g)].map((m) => ({ id: m[1]!, task: m[2]! }));

describe('the runs page', () => {
  it('lists the run with its kind, agent marked as a simulation, status and success interval', async () => {
    const { status, text } = await page('/');
    expect(status).toBe(200);
    expect(text).toContain(`href="/runs/${runId}"`);
    expect(text).toMatch(/sim <span class="sim"[^>]*>simulation<\/span>/);
    expect(text).toContain('66.7% [30.0%, 90.3%] <span class="of">of 6</span>');
    expect(text).toContain('<td class="status completed">completed</td>');
  });

  it('filters by kind, suite, status and agent from the URL', async () => {
    for (const query of ['kind=suite', 'suite=text', 'status=completed', 'agent=sim', 'kind=suite&suite=text&status=completed&agent=sim']) {
      expect((await page(`/?${query}`)).text, query).toContain(`href="/runs/${runId}"`);
    }
    for (const query of ['kind=optimize', 'suite=lab', 'status=running', 'agent=llm%3Agpt']) {
      const { status, text } = await page(`/?${query}`);
      expect(status).toBe(200);
      expect(text, query).not.toContain(`href="/runs/${runId}"`);
      expect(text).toContain('no run matches');
    }
  });

  it('refuses a page number that is not one, naming the parameter (400)', async () => {
    const { status, text } = await page('/?page=zero');
    expect(status).toBe(400);
    expect(text).toContain('query parameter &quot;page&quot;');
  });
});

describe('a run page', () => {
  it('lists every episode by task and repeat, each with its result and the tools it called', async () => {
    const { text } = await page(`/runs/${runId}`);
    expect(episodeLinks(text).map((e) => e.task)).toEqual(['chars', 'chars', 'mislabelled', 'mislabelled', 'words', 'words']);
    expect(text).toContain('<span class="outcome failed">failed</span></td><td>word_count</td>');
  });

  it('filters failed, errored, task, tool and split from the URL', async () => {
    const tasks = async (query: string) => episodeLinks((await page(`/runs/${runId}?${query}`)).text).map((e) => e.task);
    expect(await tasks('failed=1')).toEqual(['mislabelled', 'mislabelled']);
    expect(await tasks('errored=1')).toEqual([]);
    expect(await tasks('task=words')).toEqual(['words', 'words']);
    expect(await tasks('tool=char_count')).toEqual(['chars', 'chars']);
    expect(await tasks('tool=word_count&failed=1')).toEqual(['mislabelled', 'mislabelled']);
    expect(await tasks('split=val')).toHaveLength(6);
    expect(await tasks('split=test')).toEqual([]);
  });

  it('keeps the filters in the page links', async () => {
    const { store: big, runId: bigRun } = await viewStore(20);
    try {
      const text = await (await viewApp(big).request(`/runs/${bigRun}?task=words`)).text();
      expect(episodeLinks(text)).toHaveLength(20);
      const first = await (await viewApp(big).request(`/runs/${bigRun}`)).text();
      expect(first).toContain(`href="/runs/${bigRun}?page=2"`);
      const filtered = await (await viewApp(big).request(`/runs/${bigRun}?split=val`)).text();
      expect(filtered).toContain(`href="/runs/${bigRun}?split=val&amp;page=2"`);
      const paged = await (await viewApp(big).request(`/runs/${bigRun}?page=2`)).text();
      expect(paged).toContain('rel="prev" href="/runs/');
      expect(episodeLinks(paged)).toHaveLength(10);
    } finally {
      big.close();
    }
  });

  it('answers 404 naming an unknown run', async () => {
    const { status, text } = await page('/runs/r-nothing');
    expect(status).toBe(404);
    expect(text).toContain('no run &quot;r-nothing&quot;');
    expect((await page('/runs/r-nothing/tools')).status).toBe(404);
  });
});

describe('the experiments', () => {
  it('lists none in a store without one, saying which commands record them, and pages by the URL', async () => {
    const { status, text } = await page('/experiments');
    expect(status).toBe(200);
    expect(text).toContain('no experiment in this store');
    expect((await page('/experiments?page=2')).status).toBe(200);
    expect((await page('/experiments?page=zero')).status).toBe(400);
  });

  it('answers 404 naming an unknown experiment', async () => {
    const { status, text } = await page('/experiments/x-00000000');
    expect(status).toBe(404);
    expect(text).toContain('no experiment x-00000000 in this store');
  });
});

describe("a run's tools", () => {
  it('counts calls per tool and draws the confusion matrix, "no tool" included', async () => {
    const { text } = await page(`/runs/${runId}/tools`);
    expect(text).toMatch(/text\/word_count<\/a><\/td>\s*<td class="num">4<\/td><td class="num">0<\/td>/);
    expect(text).toContain('<th>char_count</th><th>word_count</th><th>no tool</th>');
    // labelled char_count: twice chosen (the chars task), twice word_count chosen instead (the mislabelled task)
    expect(text).toContain('<th scope="row">char_count</th><td class="num hit">2</td><td class="num miss">2</td>');
  });
});

describe('an episode page', () => {
  it('shows the catalogue with its descriptions numbered, every step in order, and the verdict', async () => {
    const [failed] = episodeLinks((await page(`/runs/${runId}?failed=1`)).text);
    const { status, text } = await page(`/episodes/${failed!.id}`);
    expect(status).toBe(200);
    expect(text).toMatch(/<ol class="catalogue"><li><code>char_count<\/code>[\s\S]*<li><code>word_count<\/code>/);
    expect(text).toContain('chose word_count');
    expect(text).toMatch(/labelled char_count: rank 2 of 2/);
    expect(text).toContain('<strong>text/word_count</strong>');
    expect(text).toContain('{&quot;text&quot;:&quot;a b c d e&quot;}');
    expect(text).toContain('Expected 9 (tolerance 0)');
    expect(text).toContain('no model was called');
  });

  it('escapes a description holding a <script> element', async () => {
    const [episode] = episodeLinks((await page(`/runs/${runId}`)).text);
    const { text } = await page(`/episodes/${episode!.id}`);
    expect(text).not.toContain(HOSTILE);
    expect(text).toContain('&lt;script&gt;window.pwned = true&lt;/script&gt;');
  });

  it('answers 404 for an unknown episode and for a path no page has', async () => {
    expect((await page('/episodes/e-none')).status).toBe(404);
    expect((await page('/nowhere')).status).toBe(404);
  });
});

describe('the app', () => {
  it('refuses a Host that is not a loopback name (DNS rebinding) and accepts the loopback ones', async () => {
    expect((await page('/', { headers: { host: 'evil.example:8300' } })).status).toBe(403);
    for (const host of ['127.0.0.1:8300', 'localhost:8300', '[::1]:8300']) expect((await page('/', { headers: { host } })).status, host).toBe(200);
  });

  it('has no route that writes, and forbids scripts from anywhere but itself', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) expect((await page('/', { method })).status, method).toBe(404);
    const { headers } = await page('/');
    expect(headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it("answers the live script's request with the page's <main> alone", async () => {
    const { text } = await page(`/runs/${runId}`, { headers: { 'x-tdo-fragment': '1' } });
    expect(text.startsWith('<h1>Run ')).toBe(true);
    expect(text).not.toContain('<html');
  });
});
