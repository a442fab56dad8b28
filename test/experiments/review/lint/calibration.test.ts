// The lint on the real description edits of Faghih et al. (EMNLP 2025) in test/fixtures/tool-preferences:
// every assertive line must be flagged and no plain original description may be.
import { describe, expect, it } from 'vitest';
import { isProblem, lintDescription } from '../../../../experiments/review/lint/lint.ts';
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
    const problems = lintDescription(tool, text).filter(isProblem).filter((f) => rules === undefined || rules.includes(f.rule));
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
    const phrases = lintDescription(tool, text).filter((f) => f.rule === 'inflated-claim').map((f) => f.phrase);
    expect(phrases).toEqual(expect.arrayContaining(['most effective', 'should be called', 'whenever possible']));
  });

  it('flags the social-proof lines and every combined (fusion) edit', () => {
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
