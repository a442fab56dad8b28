import { describe, expect, it } from 'vitest';
import { tdoEach } from '../support/cli.ts';

describe('tdo serve', () => {
  it('refuses a flag the server cannot start with as input: exit 2, naming the flag', async () => {
    const cases: [string[], string][] = [
      [['serve', 'lab', '--http', '--port', '99999'], '--port must be an integer from 0 to 65535'],
      [['serve', 'catalog', 'no/such/tools.json'], 'cannot read'],
    ];
    const results = await tdoEach(cases.map(([args]) => ({ args })));
    for (const [i, [args, message]] of cases.entries()) {
      expect(results[i]!.code, args.join(' ')).toBe(2);
      expect(results[i]!.stderr).toContain(`tdo serve ${args[1]}: `);
      expect(results[i]!.stderr).toContain(message);
    }
  });
});
