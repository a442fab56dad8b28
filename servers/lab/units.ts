/**
 * The unit table for unit_convert: four dimensions, canonical symbols, and the aliases people type
 * ("miles", "kilometres", "°F", "lbs"...). Lookup ignores case, surrounding spaces, a leading
 * "degree(s)" and the degree sign.
 */

import { echoInput } from '../common/echo.ts';

export type Dimension = 'length' | 'mass' | 'temperature' | 'time';

interface LinearUnit {
  symbol: string;
  dimension: Exclude<Dimension, 'temperature'>;
  /** How many of the dimension's base unit (m, g, s) one of this unit is. */
  toBase: number;
  aliases: string[];
}

interface TemperatureUnit {
  symbol: string;
  dimension: 'temperature';
  toKelvin(value: number): number;
  fromKelvin(kelvin: number): number;
  aliases: string[];
}

type Unit = LinearUnit | TemperatureUnit;

const UNITS: readonly Unit[] = [
  { symbol: 'mm', dimension: 'length', toBase: 0.001, aliases: ['millimeter', 'millimeters', 'millimetre', 'millimetres'] },
  { symbol: 'cm', dimension: 'length', toBase: 0.01, aliases: ['centimeter', 'centimeters', 'centimetre', 'centimetres'] },
  { symbol: 'm', dimension: 'length', toBase: 1, aliases: ['meter', 'meters', 'metre', 'metres'] },
  { symbol: 'km', dimension: 'length', toBase: 1000, aliases: ['kms', 'kilometer', 'kilometers', 'kilometre', 'kilometres'] },
  { symbol: 'in', dimension: 'length', toBase: 0.0254, aliases: ['inch', 'inches', '"'] },
  { symbol: 'ft', dimension: 'length', toBase: 0.3048, aliases: ['foot', 'feet', "'"] },
  { symbol: 'yd', dimension: 'length', toBase: 0.9144, aliases: ['yds', 'yard', 'yards'] },
  { symbol: 'mi', dimension: 'length', toBase: 1609.344, aliases: ['mile', 'miles'] },
  { symbol: 'mg', dimension: 'mass', toBase: 0.001, aliases: ['milligram', 'milligrams', 'milligramme', 'milligrammes'] },
  { symbol: 'g', dimension: 'mass', toBase: 1, aliases: ['gram', 'grams', 'gramme', 'grammes'] },
  { symbol: 'kg', dimension: 'mass', toBase: 1000, aliases: ['kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes'] },
  { symbol: 't', dimension: 'mass', toBase: 1_000_000, aliases: ['tonne', 'tonnes', 'metric ton', 'metric tons'] },
  { symbol: 'oz', dimension: 'mass', toBase: 28.349523125, aliases: ['ounce', 'ounces'] },
  { symbol: 'lb', dimension: 'mass', toBase: 453.59237, aliases: ['lbs', 'pound', 'pounds'] },
  { symbol: 'C', dimension: 'temperature', toKelvin: (c) => c + 273.15, fromKelvin: (k) => k - 273.15, aliases: ['celsius', 'centigrade', 'degc'] },
  {
    symbol: 'F',
    dimension: 'temperature',
    toKelvin: (f) => ((f - 32) * 5) / 9 + 273.15,
    fromKelvin: (k) => ((k - 273.15) * 9) / 5 + 32,
    aliases: ['fahrenheit', 'degf'],
  },
  { symbol: 'K', dimension: 'temperature', toKelvin: (k) => k, fromKelvin: (k) => k, aliases: ['kelvin', 'kelvins'] },
  { symbol: 'ms', dimension: 'time', toBase: 0.001, aliases: ['msec', 'millisecond', 'milliseconds'] },
  { symbol: 's', dimension: 'time', toBase: 1, aliases: ['sec', 'secs', 'second', 'seconds'] },
  { symbol: 'min', dimension: 'time', toBase: 60, aliases: ['mins', 'minute', 'minutes'] },
  { symbol: 'h', dimension: 'time', toBase: 3600, aliases: ['hr', 'hrs', 'hour', 'hours'] },
  { symbol: 'day', dimension: 'time', toBase: 86_400, aliases: ['d', 'days'] },
  { symbol: 'week', dimension: 'time', toBase: 604_800, aliases: ['wk', 'wks', 'weeks'] },
];

const DIMENSIONS: readonly Dimension[] = ['length', 'mass', 'temperature', 'time'];

function normalizeUnitName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^degrees?\s+/, '')
    .replace(/^°\s*/, '')
    .replace(/\s+/g, ' ');
}

const UNIT_BY_NAME = new Map<string, Unit>(UNITS.flatMap((unit) => [unit.symbol, ...unit.aliases].map((name) => [normalizeUnitName(name), unit] as const)));

export class UnitConversionError extends Error {
  override readonly name = 'UnitConversionError';
}

/** The canonical symbols of one dimension, in table order. */
export function unitSymbols(dimension: Dimension): string[] {
  return UNITS.filter((unit) => unit.dimension === dimension).map((unit) => unit.symbol);
}

function describeDimension(dimension: Dimension): string {
  return `${dimension} units: ${unitSymbols(dimension).join(', ')}`;
}

function findUnit(name: string): Unit | undefined {
  return UNIT_BY_NAME.get(normalizeUnitName(name));
}

function requireUnit(name: string, other: Unit | undefined): Unit {
  const unit = findUnit(name);
  if (unit) return unit;
  const supported = other ? `Supported ${describeDimension(other.dimension)}.` : `Supported ${DIMENSIONS.map(describeDimension).join('; ')}.`;
  throw new UnitConversionError(`Unknown unit '${echoInput(name)}'. ${supported}`);
}

function toBase(unit: Unit, value: number): number {
  return unit.dimension === 'temperature' ? unit.toKelvin(value) : value * unit.toBase;
}

function fromBase(unit: Unit, value: number): number {
  return unit.dimension === 'temperature' ? unit.fromKelvin(value) : value / unit.toBase;
}

/** Converts `value` from one unit to another; returns the number and the target's canonical symbol. */
export function convertUnits(value: number, from: string, to: string): { value: number; unit: string } {
  if (!Number.isFinite(value)) throw new UnitConversionError(`The value must be a finite number, got ${value}.`);
  const fromUnit = requireUnit(from, findUnit(to));
  const toUnit = requireUnit(to, fromUnit);
  if (fromUnit.dimension !== toUnit.dimension) {
    throw new UnitConversionError(
      `Cannot convert ${fromUnit.symbol} (${fromUnit.dimension}) to ${toUnit.symbol} (${toUnit.dimension}): both units must measure the same thing. Supported ${describeDimension(fromUnit.dimension)}.`,
    );
  }
  const base = toBase(fromUnit, value);
  // The tolerance absorbs float noise at exactly absolute zero (-459.67 °F).
  if (fromUnit.dimension === 'temperature' && base < -1e-9) {
    throw new UnitConversionError(`${value} ${fromUnit.symbol} is below absolute zero (0 K). Check the value and the unit.`);
  }
  const converted = fromBase(toUnit, base);
  if (!Number.isFinite(converted)) throw new UnitConversionError(`${value} ${fromUnit.symbol} is too large to express in ${toUnit.symbol}.`);
  return { value: converted, unit: toUnit.symbol };
}
