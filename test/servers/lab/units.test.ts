import { describe, expect, it } from 'vitest';
import { convertUnits, UnitConversionError, unitSymbols } from '../../../servers/lab/units.ts';

function errorOf(value: number, from: string, to: string): string {
  try {
    convertUnits(value, from, to);
  } catch (error) {
    expect(error).toBeInstanceOf(UnitConversionError);
    return (error as Error).message;
  }
  throw new Error(`${value} ${from} -> ${to} converted without an error`);
}

describe('convertUnits', () => {
  it.each([
    [5, 'mi', 'km', 8.04672, 'km'],
    [1, 'ft', 'in', 12, 'in'],
    [1, 'yd', 'cm', 91.44, 'cm'],
    [2500, 'mm', 'm', 2.5, 'm'],
    [1, 'kg', 'lb', 2.20462262185, 'lb'],
    [16, 'oz', 'lb', 1, 'lb'],
    [1.5, 't', 'kg', 1500, 'kg'],
    [250, 'mg', 'g', 0.25, 'g'],
    [90, 'min', 'h', 1.5, 'h'],
    [2, 'week', 'day', 14, 'day'],
    [1500, 'ms', 's', 1.5, 's'],
    [1, 'day', 'min', 1440, 'min'],
  ])('%d %s -> %s', (value, from, to, expected, unit) => {
    const result = convertUnits(value, from, to);
    expect(result.value).toBeCloseTo(expected, 9);
    expect(result.unit).toBe(unit);
  });

  it('converts temperatures through their offsets', () => {
    expect(convertUnits(100, 'C', 'F').value).toBeCloseTo(212, 9);
    expect(convertUnits(-40, 'F', 'C').value).toBeCloseTo(-40, 9);
    expect(convertUnits(0, 'C', 'K').value).toBeCloseTo(273.15, 9);
    expect(convertUnits(300, 'K', 'C').value).toBeCloseTo(26.85, 9);
    expect(convertUnits(98.6, 'F', 'K').value).toBeCloseTo(310.15, 9);
    expect(convertUnits(-459.67, 'F', 'K').value).toBeCloseTo(0, 9);
  });

  it.each([
    ['miles', 'kilometres', 'km'],
    ['Miles', 'kilometers', 'km'],
    [' mile ', 'KM', 'km'],
    ['feet', 'inches', 'in'],
    ['lbs', 'kilograms', 'kg'],
    ['pounds', 'kilos', 'kg'],
    ['hours', 'minutes', 'min'],
    ['hrs', 'secs', 's'],
    ['°F', 'celsius', 'C'],
    ['fahrenheit', 'degrees celsius', 'C'],
    ['degrees Fahrenheit', '°C', 'C'],
    ['kelvin', 'f', 'F'],
  ])('understands the aliases %s -> %s', (from, to, unit) => {
    expect(convertUnits(1, from, to).unit).toBe(unit);
  });

  it('names the supported units of the known dimension for an unknown unit', () => {
    expect(errorOf(3, 'furlongs', 'km')).toBe("Unknown unit 'furlongs'. Supported length units: mm, cm, m, km, in, ft, yd, mi.");
    expect(errorOf(3, 'kg', 'stone')).toBe("Unknown unit 'stone'. Supported mass units: mg, g, kg, t, oz, lb.");
  });

  it('echoes a megabyte unit name cut, with a note', () => {
    const message = errorOf(3, 'q'.repeat(1_000_000), 'km');
    expect(message).toBe(`Unknown unit '${'q'.repeat(120)}... [1000000 characters, cut]'. Supported length units: mm, cm, m, km, in, ft, yd, mi.`);
  });

  it('lists every dimension when neither unit is known', () => {
    const message = errorOf(3, 'parsecs', 'cubits');
    expect(message).toMatch(/^Unknown unit 'parsecs'/);
    for (const dimension of ['length', 'mass', 'temperature', 'time'] as const) {
      expect(message).toContain(`${dimension} units: ${unitSymbols(dimension).join(', ')}`);
    }
  });

  it('refuses to convert across dimensions, naming both and the supported units', () => {
    expect(errorOf(1, 'kg', 'km')).toBe(
      'Cannot convert kg (mass) to km (length): both units must measure the same thing. Supported mass units: mg, g, kg, t, oz, lb.',
    );
    expect(errorOf(1, 'hours', 'C')).toMatch(/Cannot convert h \(time\) to C \(temperature\).*time units: ms, s, min, h, day, week/);
  });

  it('refuses temperatures below absolute zero', () => {
    expect(errorOf(-300, 'C', 'F')).toMatch(/below absolute zero/);
    expect(errorOf(-1, 'K', 'C')).toMatch(/below absolute zero/);
  });

  it('refuses non-finite values and results', () => {
    expect(errorOf(Number.NaN, 'm', 'km')).toMatch(/finite number/);
    expect(errorOf(Number.MAX_VALUE, 'km', 'mm')).toMatch(/too large/);
  });
});
