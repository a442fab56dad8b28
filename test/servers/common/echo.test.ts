import { describe, expect, it } from 'vitest';
import { ECHO_LIMIT, echoInput } from '../../../servers/common/echo.ts';

describe('echoInput', () => {
  it('repeats short input whole', () => {
    expect(echoInput('notes.txt')).toBe('notes.txt');
    expect(echoInput('x'.repeat(ECHO_LIMIT))).toBe('x'.repeat(ECHO_LIMIT));
  });

  it('cuts long input and says how long it was', () => {
    expect(echoInput('x'.repeat(5_000_000))).toBe(`${'x'.repeat(ECHO_LIMIT)}... [5000000 characters, cut]`);
  });

  it('never ends on half of a surrogate pair', () => {
    const cut = echoInput(`${'x'.repeat(ECHO_LIMIT - 1)}😀😀`);
    expect(cut).toBe(`${'x'.repeat(ECHO_LIMIT - 1)}... [${ECHO_LIMIT + 3} characters, cut]`);
  });
});
