import { describe, expect, it } from 'vitest';
import { interpolateEnv } from '../../../src/config/interpolate.ts';

describe('interpolateEnv', () => {
  const env = { TOKEN: 'abc', HOME: '/home/me', EMPTY: '' };

  it('replaces ${NAME} in every string, nested in arrays and objects, and leaves keys and other values alone', () => {
    expect(interpolateEnv({ a: 'Bearer ${TOKEN}', b: ['${HOME}/x', 3, true, null], '${TOKEN}': { c: 'x${TOKEN}y${TOKEN}' } }, env)).toEqual({
      a: 'Bearer abc',
      b: ['/home/me/x', 3, true, null],
      '${TOKEN}': { c: 'xabcyabc' },
    });
  });

  it('uses ${NAME:-default} when the variable is unset or empty, as Claude Code does', () => {
    expect(interpolateEnv(['${MISSING:-8000}', '${EMPTY:-fallback}', '${TOKEN:-unused}', '${MISSING:-}'], env)).toEqual(['8000', 'fallback', 'abc', '']);
  });

  it('names the field of an unset variable without a default', () => {
    expect(() => interpolateEnv({ mcpServers: { gh: { headers: { Authorization: 'Bearer ${GITHUB_TOKEN}' } } } }, env)).toThrow(
      'mcpServers.gh.headers.Authorization: ${GITHUB_TOKEN} is not set',
    );
    expect(() => interpolateEnv({ args: ['a', '${NOPE}'] }, env)).toThrow(/^args\.1: /);
  });

  it('leaves text that only looks like a reference as written', () => {
    expect(interpolateEnv(['$TOKEN', '${1BAD}', '${ TOKEN }', '$${TOKEN}'], env)).toEqual(['$TOKEN', '${1BAD}', '${ TOKEN }', '$abc']);
  });
});
