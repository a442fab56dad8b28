import { describe, expect, it } from 'vitest';
import { colorOn } from '../../cli/color.ts';

const stream = (isTTY: boolean) => ({ isTTY }) as NodeJS.WriteStream;

describe('colorOn', () => {
  it('colors a terminal only, and never when NO_COLOR is set to something', () => {
    expect(colorOn(stream(true), {})).toBe(true);
    expect(colorOn(stream(false), {})).toBe(false);
    expect(colorOn(stream(true), { NO_COLOR: '1' })).toBe(false);
    // https://no-color.org: an empty NO_COLOR is as if unset
    expect(colorOn(stream(true), { NO_COLOR: '' })).toBe(true);
  });
});
