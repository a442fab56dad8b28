import { describe, expect, it } from 'vitest';
import { parseServerCommandLine, withEnvironment } from '../../../servers/common/main.ts';

describe('parseServerCommandLine', () => {
  it('defaults to stdio on the default port with no options', () => {
    expect(parseServerCommandLine([], ['descriptions'], 8000)).toEqual({ http: false, port: 8000, options: { descriptions: undefined } });
  });

  it('reads --http, --port and the server flags', () => {
    expect(parseServerCommandLine(['--http', '--port', '0', '--descriptions', 'd.json'], ['descriptions'], 8000)).toEqual({
      http: true,
      port: 0,
      options: { descriptions: 'd.json' },
    });
    expect(parseServerCommandLine(['--port=9123'], [], 8000).port).toBe(9123);
  });

  it('rejects ports that are not integers from 0 to 65535', () => {
    for (const port of ['-1', '65536', '80.5', 'abc', '', '0x10', '1e3']) {
      expect(() => parseServerCommandLine([`--port=${port}`], [], 8000), port).toThrow(/--port must be an integer from 0 to 65535/);
    }
  });

  it('rejects unknown flags and positional arguments', () => {
    expect(() => parseServerCommandLine(['--workspace', 'x'], ['descriptions'], 8000)).toThrow(/workspace/);
    expect(() => parseServerCommandLine(['extra'], [], 8000)).toThrow(/extra/);
  });

  it('rejects a string flag without its value', () => {
    expect(() => parseServerCommandLine(['--descriptions'], ['descriptions'], 8000)).toThrow(/descriptions/);
  });
});

describe('withEnvironment', () => {
  it('fills a flag not given from its variable, keeps a given flag, and treats an empty variable as unset', () => {
    const env = { TDO_A: 'from-env', TDO_B: 'ignored', TDO_C: '' };
    const names = { a: 'TDO_A', b: 'TDO_B', c: 'TDO_C' };
    expect(withEnvironment({ a: undefined, b: 'flag', c: undefined, d: undefined }, names, env)).toEqual({
      a: 'from-env',
      b: 'flag',
      c: undefined,
      d: undefined,
    });
  });
});
