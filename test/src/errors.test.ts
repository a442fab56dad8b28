import { describe, expect, it } from 'vitest';
import { infrastructureError, inputError, isTdoError, TdoError } from '../../src/errors.ts';

describe('TdoError', () => {
  it('carries its kind, and isTdoError tells the kinds apart', () => {
    const input = inputError('fix the flag');
    expect(input).toBeInstanceOf(TdoError);
    expect(input).toMatchObject({ kind: 'input', message: 'fix the flag', name: 'TdoError' });
    expect(isTdoError(input)).toBe(true);
    expect(isTdoError(input, 'input')).toBe(true);
    expect(isTdoError(input, 'infrastructure')).toBe(false);
    expect(isTdoError(infrastructureError('down', { cause: input }), 'infrastructure')).toBe(true);
    expect(isTdoError(new Error('plain'))).toBe(false);
  });
});
