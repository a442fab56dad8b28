// Linting a version of thousands of tools (issue 34, finding 4): each tool's limit sentences were matched
// against a pattern of every sibling's name, made again for each sentence.
import { describe, expect, it } from 'vitest';
import { lintDescription } from '../../../../experiments/review/lint/lint.ts';

describe('the lint on a server of thousands of tools', () => {
  it("reads the server's tool names once for all its tools, and still reads a pointer to a sibling as a limit", () => {
    const count = 1000;
    const names = Array.from({ length: count }, (_, i) => `read_record_${i}`);
    let reads = 0;
    const tools = new Proxy(names, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const parent = Object.fromEntries(names.map((name, i) => [name, `Reads record ${i}. For archived records use read_record_${(i + 1) % count}.`]));

    const flags = names.flatMap((name, i) => lintDescription(name, `Reads record ${i}.`, { tools, parent }));

    // the pointer is a limit: dropping it is reported for every tool
    expect(flags.filter((f) => f.rule === 'removed-limit')).toHaveLength(count);
    // a pattern of every sibling per tool and sentence read the names over 2,000,000 times
    expect(reads).toBeLessThanOrEqual(2 * count);
  });
});
