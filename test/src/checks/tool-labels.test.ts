import { describe, expect, it } from 'vitest';
import { labelMatches, siblingName } from '../../../src/checks/tool-labels.ts';

describe('plan labels', () => {
  it('match a tool by name, or by server and name', () => {
    expect(labelMatches('convert', 'money', 'convert')).toBe(true);
    expect(labelMatches('money/convert', 'money', 'convert')).toBe(true);
    expect(labelMatches('calc/convert', 'money', 'convert')).toBe(false);
  });

  it("give the name a server's own description would use, and none for another server's tool", () => {
    expect(siblingName('convert', 'money')).toBe('convert');
    expect(siblingName('money/convert', 'money')).toBe('convert');
    expect(siblingName('calc/percentage', 'money')).toBeUndefined();
    expect(siblingName('calc/percentage', undefined)).toBeUndefined();
  });
});
