import { describe, expect, it } from 'vitest';
import { counted } from '../../../src/text/counted.ts';

describe('counted', () => {
  it('puts the noun in the number the count needs', () => {
    expect(counted(1, 'task')).toBe('1 task');
    expect(counted(0, 'task')).toBe('0 tasks');
    expect(counted(3, 'warning or error', 'warnings or errors')).toBe('3 warnings or errors');
  });
});
