import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../../src/text/terminal.ts';

describe('terminalSafe', () => {
  it('writes every character a terminal acts on as its escape, and keeps tabs and line breaks', () => {
    expect(terminalSafe('a\u001b]0;pwned\u0007b\u001b[2J\r\u0008\u009b\u202e\u2066\u007f')).toBe(
      'a\\x1b]0;pwned\\x07b\\x1b[2J\\x0d\\x08\\x9b\\u202e\\u2066\\x7f',
    );
    expect(terminalSafe('line one\n\tline two ✓ é')).toBe('line one\n\tline two ✓ é');
  });
  it('changes nothing the second time', () => {
    const once = terminalSafe('\u001b[31mred\u0007');
    expect(terminalSafe(once)).toBe(once);
  });
});
