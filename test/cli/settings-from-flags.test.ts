import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fixed, switchOption, valueOption, type FlagsOf } from '../../cli/option-table.ts';
import { positiveInt } from '../../cli/options.ts';
import { settingsFromFlags } from '../../cli/settings-from-flags.ts';
import { optimizeSetting } from '../../cli/stored-key.ts';

const TABLE = {
  budget: fixed(valueOption('--budget <n>', 'metric calls', { parse: positiveInt, default: 300 }), optimizeSetting.copied('budget')),
  patience: fixed(valueOption('--patience <k>', 'iterations without a new best', { parse: positiveInt }), optimizeSetting.copied('patience')),
  merge: fixed(switchOption('--merge', 'also merge'), optimizeSetting.derived('merge')),
  json: switchOption('--json', 'JSON'),
};

const SCHEMA = z.object({ server: z.string(), budget: z.number(), merge: z.boolean(), patience: z.number().optional() });

describe('settingsFromFlags', () => {
  it('copies every given flag with a copied key, adds the derived values and orders them as the schema does', () => {
    const flags: FlagsOf<typeof TABLE> = { budget: 40, patience: 2, merge: true, json: true };
    const settings = settingsFromFlags(TABLE, flags, { merge: flags.merge === true, server: 'lab' }, SCHEMA);
    expect(settings).toEqual({ server: 'lab', budget: 40, merge: true, patience: 2 });
    expect(JSON.stringify(settings)).toBe('{"server":"lab","budget":40,"merge":true,"patience":2}');
  });

  it('leaves out a copied flag that is not given, and copies no flag whose key is derived or absent', () => {
    const settings = settingsFromFlags(TABLE, { budget: 300 }, { server: 'lab', merge: false }, SCHEMA);
    expect(settings).toEqual({ server: 'lab', budget: 300, merge: false });
    expect('patience' in settings).toBe(false);
  });

  it('refuses a field its schema does not know', () => {
    expect(() => settingsFromFlags(TABLE, { budget: 1 }, { servers: ['lab'] }, SCHEMA)).toThrow('servers not in the settings');
  });
});
