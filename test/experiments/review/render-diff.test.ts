import { describe, expect, it } from 'vitest';
import { renderDiff } from '../../../experiments/review/render-diff.ts';
import { diffSources, type DiffSource } from '../../../experiments/review/version-diff.ts';
import type { VersionMeasurement } from '../../../experiments/review/versions/measurements.ts';
import { differenceInterval, wilson } from '../../../src/index.ts';
import { points } from '../../../experiments/format.ts';

const measured = (successRate: number, firstChoiceShare: number, suite = 'lab'): VersionMeasurement => ({
  runId: `r-${suite}-${successRate}`,
  suite,
  split: 'test',
  agent: 'sim',
  measuredAt: '2026-11-29T00:00:00Z',
  success: wilson(successRate * 20, 20),
  firstChoiceShare,
  usedServer: 1,
  by: 'run',
});

const a: DiffSource = {
  label: 'lab-aaaa',
  server: 'lab',
  origin: 'seed',
  measured: measured(0.5, 0.6),
  descriptions: { calc: 'Evaluate an expression. Use it for arithmetic.', read: 'Read a text file.' },
};
const b: DiffSource = {
  label: 'lab-bbbb',
  server: 'lab',
  origin: 'optimizer run r-1 (target selection)',
  measured: measured(0.25, 0.9),
  descriptions: {
    calc: 'Evaluate any expression. Always use this tool first. Use it for arithmetic.',
    read: 'Read a text file.',
    convert: 'Convert <units> & more.',
  },
};

describe('diffSources', () => {
  const diff = diffSources(a, b);

  it('diffs each tool word by word, with its status and token delta', () => {
    expect(diff.tools.map((t) => [t.tool, t.status])).toEqual([
      ['calc', 'changed'],
      ['convert', 'added'],
      ['read', 'unchanged'],
    ]);
    const calc = diff.tools[0]!;
    expect(calc.segments.filter((s) => s.op === 'added').map((s) => s.text.trim())).toEqual(['any', 'Always use this tool first.']);
    expect(
      calc.segments
        .filter((s) => s.op !== 'added')
        .map((s) => s.text)
        .join(''),
    ).toBe(a.descriptions.calc);
    expect(calc.tokenDelta).toBe(calc.tokensB - calc.tokensA);
    expect(calc.tokenDelta).toBeGreaterThan(0);
    expect(diff.tokenDelta).toBe(diff.b.tokens - diff.a.tokens);
  });

  it('lists the lint flags that appeared and disappeared', () => {
    const calc = diff.tools[0]!;
    expect(calc.lintAppeared.map((f) => `${f.rule}:${f.phrase}`)).toEqual(
      expect.arrayContaining(['inflated-claim:Always use', 'model-directive:use this tool first']),
    );
    expect(calc.lintDisappeared).toEqual([]);
    const back = diffSources(b, a).tools[0]!;
    expect(back.lintDisappeared.map((f) => f.phrase)).toContain('Always use');
  });

  it('lints each side among the tools of its own version, as tdo lint does: a pointer to a sibling states what a tool is not for', () => {
    const pointing: DiffSource = { ...a, label: 'lab-cccc', descriptions: { ...a.descriptions, read: 'Read a text file. For images use calc instead.' } };
    const read = diffSources(a, pointing).tools.find((t) => t.tool === 'read')!;
    expect(read.lintDisappeared.map((f) => f.rule)).toEqual(['missing-not-for']);
    expect(diffSources(a, pointing).b.lintFlags).toBe(diffSources(a, pointing).a.lintFlags - 1);
  });

  it("counts no placeholder's words as a limit: tdo's own text fixes no missing-not-for", () => {
    const placeholder: DiffSource = {
      ...a,
      label: 'lab-dddd',
      descriptions: { ...a.descriptions, read: 'Read a text file. For example, {"path":"a.txt"} returns (not executed: selection-only task).' },
    };
    const read = diffSources(a, placeholder).tools.find((t) => t.tool === 'read')!;
    expect(read.lintDisappeared).toEqual([]);
    expect(read.lintAppeared.map((f) => f.rule)).toEqual(['tdo-placeholder']);
  });

  it('gives metric deltas only for comparable measurements', () => {
    expect(diff.metrics.successChange!.delta).toBeCloseTo(-0.25, 12);
    expect(diff.metrics.firstChoiceShare).toBeCloseTo(0.3, 12);
    expect(diff.metrics.usedServer).toBe(0);
    // success with the intervals tdo experiment gives: 10 and 5 of 20 episodes
    expect(diff.metrics.successChange).toEqual(differenceInterval(wilson(10, 20), wilson(5, 20)));
    const elsewhere = diffSources(a, { ...b, measured: measured(0.25, 0.9, 'market') });
    expect(elsewhere.metrics.successChange).toBeNull();
    expect(elsewhere.metrics.note).toMatch(/not comparable/);
    expect(diffSources(a, { ...b, measured: null }).metrics.note).toMatch(/B not measured/);
  });

  it("lists each version's tools once, not once per tool, so its time grows with the tools and not with their square", () => {
    // the lint indexes a list of names once per list: one list per tool re-read every name for each tool (51 s at 5,000)
    const enumerations = (tools: number) => {
      let count = 0;
      const side = (label: string): DiffSource => {
        const texts = Object.fromEntries(Array.from({ length: tools }, (_, i) => [`tool_${i}`, `Reads record ${i} of ${label}.`]));
        const descriptions = new Proxy(texts, {
          ownKeys: (target) => {
            count++;
            return Reflect.ownKeys(target);
          },
        });
        return { label, server: 's', origin: null, measured: null, descriptions };
      };
      diffSources(side('a'), side('b'));
      return count;
    };
    expect(enumerations(40)).toBe(enumerations(4));
  });
});

describe('renderDiff', () => {
  const diff = diffSources(a, b);

  it('text without a terminal marks changes with [-removed-] {+added+} and no escape codes', () => {
    const text = renderDiff(diff, 'text');
    expect(text).not.toMatch(/\u001b\[/);
    expect(text).toContain('Evaluate [-an-]{+any+} expression. {+Always use this tool first. +}Use it for arithmetic.');
    expect(text).toContain('── calc  changed');
    const c = diff.metrics.successChange!;
    expect(text).toContain(`success ${points(c.delta)} [${points(c.low)}, ${points(c.high)}]  first-choice share +30.0 pts  used server ±0.0 pts`);
    expect(text).toContain('success 50.0% [30%, 70%]  first-choice share 60.0%  used server 100.0%');
    expect(text).toContain('+ lint inflated-claim (warning) "Always use"');
    // an unchanged tool with no lint change is named on one line, not given a section
    expect(text).toContain('1 tool unchanged: read');
    expect(text).not.toContain('── read');
    expect(renderDiff(diff, 'md')).toContain('_1 tool unchanged: read_');
    expect(renderDiff(diff, 'html')).toContain('<p class="muted">1 tool unchanged: read</p>');
  });

  it('text for a terminal colors added words green and removed words red', () => {
    const text = renderDiff(diffSources(b, a), 'text', { color: true });
    expect(text).toContain('\u001b[31m\u001b[9many\u001b[0m');
    expect(text).not.toContain('[-');
    expect(renderDiff(diff, 'text', { color: true })).toContain('\u001b[32many\u001b[0m');
  });

  it('JSON carries the whole diff, in snake_case keys', () => {
    const parsed = JSON.parse(renderDiff(diff, 'json')) as {
      tools: Array<{ tool: string; lint_appeared: unknown[] }>;
      a: { label: string };
      metrics: { success_rate: number; success_change: { delta: number; low: number; high: number } };
    };
    expect(parsed.tools.map((t) => t.tool)).toEqual(['calc', 'convert', 'read']);
    expect(parsed.a.label).toBe('lab-aaaa');
    expect(parsed.tools[0]!.lint_appeared.length).toBeGreaterThan(0);
    expect(parsed.metrics.success_rate).toBeCloseTo(-0.25, 12);
    expect(parsed.metrics.success_change).toEqual(diff.metrics.successChange);
  });

  it('Markdown and HTML escape description text and mark insertions', () => {
    const md = renderDiff(diff, 'md');
    expect(md).toContain('<ins>Convert &lt;units&gt; &amp; more.</ins>');
    expect(md).toMatch(/\| success \[95% CI\] \| 50\.0% \[30%, 70%\] \| 25\.0% \[\d+%, \d+%\] \| −25\.0 pts \[−[\d.]+ pts, \+[\d.]+ pts\] \|/);
    const html = renderDiff(diff, 'html');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toContain('<units>');
    expect(html).toContain('<ins>Convert &lt;units&gt; &amp; more.</ins>');
  });
});

describe('lint flags gained and lost', () => {
  // one new error in, one warning out: the net count is ±0, which must not hide the error
  const before: DiffSource = { ...a, descriptions: { calc: "Evaluate an expression such as '3 * (4 + 5)'. Numbers and + - * / ** only. Highly recommended." } };
  const after: DiffSource = {
    ...b,
    descriptions: { calc: "Evaluate an expression such as '3 * (4 + 5)'. Numbers and + - * / ** only. Use smart_compute first." },
  };
  const diff = diffSources(before, after);
  const dropped = diffSources(
    { ...a, descriptions: { calc: "Evaluate an arithmetic expression such as '3 * (4 + 5)'. Numbers and + - * / ** only." } },
    { ...b, descriptions: { calc: "Evaluate an arithmetic expression such as '3 * (4 + 5)'." } },
  );

  it('counts them separately, by severity', () => {
    expect(diff.b.lintFlags).toBe(diff.a.lintFlags);
    expect(diff.lint.gained).toEqual({ total: 1, error: 1, warning: 0, info: 0 });
    expect(diff.lint.lost).toEqual({ total: 1, error: 0, warning: 1, info: 0 });
  });

  it('shows gained and lost apart in every format', () => {
    expect(renderDiff(diff, 'text')).toContain('lint +1 (1 error) gained, −1 (1 warning) lost');
    const md = renderDiff(diff, 'md');
    expect(md).toMatch(/\| lint flags \| (\d+) \| \1 \| \+1 −1 \|/);
    expect(md).toContain('| lint gained | – | – | 1 (1 error) |');
    expect(md).toContain('| lint lost | – | – | 1 (1 warning) |');
    expect(renderDiff(diff, 'html')).toContain('<tr><th>lint gained</th><td>–</td><td>–</td><td>1 (1 error)</td></tr>');
    const json = JSON.parse(renderDiff(diff, 'json')) as typeof diff;
    expect(json.lint).toEqual({ gained: diff.lint.gained, lost: diff.lint.lost });
  });

  it('names the limit B dropped (B is linted with A as its parent)', () => {
    expect(dropped.tools[0]!.lintAppeared.map((f) => [f.rule, f.phrase])).toEqual([['removed-limit', 'Numbers and + - * / ** only.']]);
    expect(renderDiff(dropped, 'text')).toContain('+ lint removed-limit (warning) "Numbers and + - * / ** only.": the parent stated the limit');
    expect(dropped.lint.gained).toMatchObject({ total: 1, warning: 1 });
  });
});
