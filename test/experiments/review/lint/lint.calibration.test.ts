// The lint on the real description edits of Faghih et al. (EMNLP 2025) in test/fixtures/tool-preferences:
// every assertive line must be flagged and no plain original description may be.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { descriptionLength, MAX_DESCRIPTION_TOKENS, MAX_PROSE_TOKENS } from '../../../../experiments/review/lint/length.ts';
import { isProblem, lintDescription, lintDescriptions } from '../../../../experiments/review/lint/lint.ts';
import { contentWords } from '../../../../src/text/words.ts';
import { REPO_ROOT, readFixture } from '../../../support/lab-runs.ts';
import { loadBfcl, loadPairs } from '../../../src/agents/sim/tool-preferences.ts';

/** Each distinct description carrying `edit`, with its tool name. */
function descriptionsByEdit(): Map<string, Map<string, string>> {
  const byEdit = new Map<string, Map<string, string>>();
  for (const row of loadPairs()) {
    row.edits.forEach((edit, i) => {
      const tool = row.tools[i]!;
      const texts = byEdit.get(edit) ?? new Map<string, string>();
      texts.set(tool.description, tool.name);
      byEdit.set(edit, texts);
    });
  }
  return byEdit;
}

function flaggedShare(texts: Map<string, string>, rules?: string[]): number {
  let flagged = 0;
  for (const [text, tool] of texts) {
    const problems = lintDescription(tool, text)
      .filter(isProblem)
      .filter((f) => rules === undefined || rules.includes(f.rule));
    if (problems.length > 0) flagged++;
  }
  return flagged / texts.size;
}

describe('lint calibration on the tool-preferences edits', () => {
  const byEdit = descriptionsByEdit();
  const bfcl = loadBfcl().flatMap((t) => t.tools);

  it('flags every endorsement line, naming the phrase', () => {
    const endorsed = byEdit.get('endorsementLine')!;
    expect(endorsed.size).toBe(40);
    expect(flaggedShare(endorsed, ['inflated-claim'])).toBe(1);
    const [text, tool] = [...endorsed][0]!;
    const phrases = lintDescription(tool, text)
      .filter((f) => f.rule === 'inflated-claim')
      .map((f) => f.phrase);
    expect(phrases).toEqual(expect.arrayContaining(['most effective', 'should be called', 'whenever possible']));
  });

  it('flags the social-proof and maintenance lines and every combined (fusion) edit', () => {
    expect(flaggedShare(byEdit.get('maintenanceLine')!, ['unverifiable-claim'])).toBe(1);
    expect(flaggedShare(byEdit.get('companyName')!, ['social-proof'])).toBe(1);
    expect(flaggedShare(byEdit.get('numbersLine')!, ['social-proof'])).toBe(1);
    expect(flaggedShare(byEdit.get('fusion')!)).toBe(1);
  });

  it('flags the length edits for length, not the plain ones', () => {
    expect(flaggedShare(byEdit.get('increaseLength')!, ['excessive-length'])).toBeGreaterThan(0.95);
    expect(flaggedShare(byEdit.get('addExample')!, ['excessive-length'])).toBe(0);
  });

  it('raises no problem on the plain originals: 0 false positives over the pairs and all 557 BFCL functions', () => {
    const originals = byEdit.get('original')!;
    expect(originals.size).toBe(40);
    expect(flaggedShare(originals)).toBe(0);
    expect(bfcl.length).toBe(557);
    const falsePositives = bfcl.filter((t) => lintDescription(t.name, t.description).some(isProblem));
    expect(falsePositives.map((t) => t.name)).toEqual([]);
  });

  it('treats tone rewrites as plain (professional: none; casual: only its own promotional words)', () => {
    expect(flaggedShare(byEdit.get('makeProfessional')!)).toBe(0);
    expect(flaggedShare(byEdit.get('makeCasual')!)).toBeLessThan(0.05);
  });
});

/** Rules added for the optimizer's honesty gate; they must not fire on anything people wrote. */
const GATE_RULES = ['task-word-list', 'copied-result', 'removed-limit'];
const gateFlags = (tool: string, text: string, context = {}) => lintDescription(tool, text, context).filter((f) => GATE_RULES.includes(f.rule));

describe('task-word-list, copied-result and removed-limit on descriptions people wrote', () => {
  const json = (path: string) => JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as Record<string, string>;
  const sellers = readdirSync(join(REPO_ROOT, 'servers/market/sellers')).map((s) => `servers/market/sellers/${s}/descriptions.json`);
  const written: Record<string, Record<string, string>> = {
    'lab-accurate': readFixture('lab-accurate-descriptions.json'),
    'labplus-accurate': readFixture('labplus-accurate-descriptions.json'),
    ...Object.fromEntries(['servers/lab/descriptions.json', 'servers/labplus/descriptions.json', ...sellers].map((p) => [p, json(p)])),
  };

  it('flags none of the accurate descriptions and seeds, even against what the lab workspace files hold', () => {
    expect(sellers.length).toBe(5);
    // what read_file returns: the workspace files
    const workspace = join(REPO_ROOT, 'servers/lab/workspace');
    const toolResults = readdirSync(workspace).map((f) => readFileSync(join(workspace, f), 'utf8'));
    for (const [name, descriptions] of Object.entries(written)) {
      expect(
        lintDescriptions(descriptions, { toolResults }).filter((f) => GATE_RULES.includes(f.rule)),
        name,
      ).toEqual([]);
    }
  });

  it('flags none of the 557 BFCL functions nor any of the 2194 Faghih et al. descriptions (originals and every edit)', () => {
    const bfcl = loadBfcl().flatMap((t) => t.tools);
    const pairs = loadPairs().flatMap((row) => row.tools);
    const texts = new Map([...bfcl, ...pairs].map((t) => [t.description, t.name]));
    expect(texts.size).toBe(2194);
    const flagged = [...texts].filter(([text, tool]) => gateFlags(tool, text).length > 0).map(([, tool]) => tool);
    expect(flagged).toEqual([]);
  });

  it('flags no limit as removed where the hand-written accurate descriptions replace the seeds', () => {
    const lab = written['servers/lab/descriptions.json']!;
    const flags = lintDescriptions(written['lab-accurate']!, { parent: lab }).filter((f) => f.rule === 'removed-limit');
    // "Numbers and + - * / ** only." and "Returns at most 4000 characters." are restated ("Supports numbers, + - * / **", "up to 4000 characters")
    expect(flags.map((f) => f.phrase)).toEqual([]);
  });
});

describe('run-on-sentence, tdo-placeholder and empty-example on descriptions people wrote', () => {
  const PROSE_RULES = ['run-on-sentence', 'tdo-placeholder', 'empty-example'];
  const proseFlags = (tool: string, text: string) => lintDescription(tool, text).filter((f) => PROSE_RULES.includes(f.rule));
  const json = (path: string) => JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as Record<string, string>;

  it('flag none of the 557 BFCL functions, our servers or the accurate descriptions', () => {
    const ours = ['servers/lab/descriptions.json', 'servers/labplus/descriptions.json'].flatMap((p) => Object.entries(json(p)));
    const fixtures = ['lab-accurate-descriptions.json', 'labplus-accurate-descriptions.json'].flatMap((f) => Object.entries(readFixture(f)));
    const bfcl = loadBfcl()
      .flatMap((t) => t.tools)
      .map((t) => [t.name, t.description] as const);
    expect([...ours, ...fixtures, ...bfcl].flatMap(([tool, text]) => proseFlags(tool, text).map((f) => `${tool}: ${f.phrase}`))).toEqual([]);
  });

  it("flag in Faghih et al.'s descriptions only the sentences their edits glued on without ending the text before", () => {
    const texts = [...new Map(loadPairs().flatMap((row) => row.tools.map((t) => [t.description, t.name] as const)))];
    // the sentences that stand whole, after an ended one, somewhere in the data: the edits' own sentences
    const whole = new Set(texts.flatMap(([text]) => text.split(/(?<=[.!?])\s+/).slice(1)));
    const flagged = texts.flatMap(([text, tool]) => proseFlags(tool, text).map((flag) => ({ tool, text, flag })));
    // "Compute the greatest common divisor of two numbers" + "This function is actively maintained."
    expect(flagged.length).toBeGreaterThan(0);
    for (const { tool, text, flag } of flagged) {
      expect(flag.rule).toBe('run-on-sentence');
      const opener = flag.phrase!.split(/\s+/).at(-1)!;
      const rest = text.slice(text.indexOf(flag.phrase!) + flag.phrase!.length - opener.length);
      expect(
        [...whole].some((sentence) => rest.startsWith(sentence)),
        `${tool}: ${flag.phrase}`,
      ).toBe(true);
    }
  });
});

/**
 * What keyword stuffing and excessive length are, decided on descriptions people wrote with care: the careful lab
 * descriptions and suite descriptions, and what third-party servers and benchmarks ship (experiments/shipped/catalogs/, the
 * BFCL functions, the tool-preferences originals). The held-out servers (server-memory, server-github) are not read.
 */
describe('search-keyword-stuffing and excessive-length on a corpus of careful descriptions', () => {
  const CORPUS_RULES = ['search-keyword-stuffing', 'excessive-length'];
  const json = (path: string) => JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as unknown;
  const careful: Record<string, Record<string, string>> = {
    'lab-accurate': readFixture('lab-accurate-descriptions.json'),
    'labplus-accurate': readFixture('labplus-accurate-descriptions.json'),
    ...Object.fromEntries(
      readdirSync(join(REPO_ROOT, 'experiments/shipped/suites'))
        .filter((f) => f.endsWith('.careful.json'))
        .map((f) => [f, json(`experiments/shipped/suites/${f}`) as Record<string, string>]),
    ),
  };
  const catalogues = Object.fromEntries(
    readdirSync(join(REPO_ROOT, 'experiments/shipped/catalogs'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => {
        const { tools } = json(`experiments/shipped/catalogs/${f}`) as { tools: Array<{ name: string; description?: string }> };
        return [f, Object.fromEntries(tools.map((t) => [t.name, t.description ?? '']))];
      }),
  );
  const benchmarks = {
    bfcl: Object.fromEntries(loadBfcl().flatMap((t) => t.tools.map((tool) => [tool.name, tool.description]))),
    'tool-preferences originals': Object.fromEntries(
      loadPairs().flatMap((row) => row.tools.filter((_, i) => row.edits[i] === 'original').map((tool) => [tool.name, tool.description])),
    ),
  };
  const corpus = { ...careful, ...catalogues, ...benchmarks };
  const corpusFlags = (sets: Record<string, Record<string, string>>) =>
    Object.entries(sets).flatMap(([set, descriptions]) =>
      lintDescriptions(descriptions)
        .filter((f) => CORPUS_RULES.includes(f.rule))
        .map((f) => `${set} ${f.tool}: ${f.rule}`),
    );

  it('reads no held-out server and has careful texts from at least five sources', () => {
    expect(Object.keys(corpus).filter((name) => /memory|github/i.test(name))).toEqual([]);
    expect(Object.keys(careful).length).toBeGreaterThanOrEqual(5);
  });

  it('flags none of the careful descriptions, and of what servers ship only the two workflow manuals of taskmanager', () => {
    expect(corpusFlags(careful)).toEqual([]);
    // 215 and 304 tokens of instructions to the model ("you MUST NOT proceed"), no list of values among them
    expect(corpusFlags({ ...catalogues, ...benchmarks })).toEqual([
      'taskmanager.json get_next_task: excessive-length',
      'taskmanager.json request_planning: excessive-length',
    ]);
  });

  it('sets the prose budget above every careful description and below the padded rewrites', () => {
    const prose = (descriptions: Record<string, string>) => Object.values(descriptions).map((text) => descriptionLength(text).prose);
    const carefulProse = Object.values(careful).flatMap(prose);
    expect(Math.max(...carefulProse)).toBe(129);
    expect(Math.max(...carefulProse)).toBeLessThan(MAX_PROSE_TOKENS);
    // unit_convert: its unit lists take the whole past the old single budget of 200
    const unitConvert = descriptionLength(careful['lab-accurate']!.unit_convert!);
    expect(unitConvert.total).toBeGreaterThan(200);
    expect(unitConvert.total).toBeLessThanOrEqual(MAX_DESCRIPTION_TOKENS);
    const padded = [...descriptionsByEdit().get('increaseLength')!.keys()].map((text) => descriptionLength(text).prose);
    expect(padded.filter((n) => n > MAX_PROSE_TOKENS).length).toBe(358);
    expect(padded.length).toBe(360);
  });

  const SEARCH_BAIT = ['best', 'fast', 'easy', 'free', 'tool', 'online', 'quick', 'simple', 'smart', 'helper'];

  it('still flags stuffing and flattery added to each careful description', () => {
    const endorsements = [...descriptionsByEdit().get('endorsementLine')!.keys()].map((text) => text.split(/(?<=\.)\s+/).at(-1)!);
    for (const [set, descriptions] of Object.entries(careful)) {
      for (const [tool, text] of Object.entries(descriptions)) {
        // the description's own words, as a search would want them: once bare, once as a list of their own
        // topped up with words of search bait where a short description has fewer than ten
        const words = [...new Set([...contentWords(text).filter((w) => /^[a-z]{4,}$/.test(w)), ...SEARCH_BAIT])].slice(0, 10);
        const label = `${set} ${tool}`;
        const rulesOf = (extra: string) => lintDescription(tool, `${text} ${extra}`).map((f) => f.rule);
        expect(words.length, label).toBe(10);
        expect(rulesOf(words.join(' ')), label).toContain('search-keyword-stuffing');
        // a list of single words that is the whole sentence is task-word-list's, which search-keyword-stuffing does not repeat
        expect(
          rulesOf(`${words.join(', ')}.`).filter((r) => r === 'task-word-list' || r === 'search-keyword-stuffing'),
          label,
        ).toHaveLength(1);
        expect(rulesOf(`Keywords: ${words.slice(0, 4).join(' ')}.`), label).toContain('search-keyword-stuffing');
        const flattery = endorsements[text.length % endorsements.length]!;
        expect(rulesOf(flattery), `${label}: ${flattery}`).toContain('inflated-claim');
      }
    }
  });
});
