import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonFile } from '../../../servers/common/json-file.ts';
import { StartupError } from '../../../servers/common/startup-error.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-json-file-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('readJsonFile', () => {
  it('returns the parsed value', async () => {
    expect(await readJsonFile(file('ok.json', '{"a": [1, 2]}'), 'thing')).toEqual({ a: [1, 2] });
  });

  it('names the file and what it is when it cannot be read or parsed', async () => {
    const absent = join(dir, 'absent.json');
    await expect(readJsonFile(absent, 'seller profile')).rejects.toThrow(new RegExp(`^cannot read seller profile ${absent}: ENOENT`));
    const broken = file('broken.json', '{"a": ');
    await expect(readJsonFile(broken, 'seller profile')).rejects.toThrow(StartupError);
    await expect(readJsonFile(broken, 'seller profile')).rejects.toThrow(`seller profile ${broken} is not valid JSON`);
  });
});
