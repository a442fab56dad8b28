import { inputError } from '../errors.ts';
import { FOLDER_VARIABLES } from '../suite/isolation.ts';

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * Replaces `${NAME}` and `${NAME:-default}` in every string of `value` (keys stay as written), as
 * Claude Code does in .mcp.json, so secrets and machine paths stay out of the file. A reference to
 * an unset variable without a default names the field it is in.
 */
export function interpolateEnv(value: unknown, env: Record<string, string | undefined>, path: (string | number)[] = []): unknown {
  if (typeof value === 'string') {
    return value.replace(REFERENCE, (whole: string, name: string, fallback: string | undefined) => {
      // in a server entry, filled in by the host when it starts the server (src/suite/isolation.ts)
      if (path[0] === 'mcpServers' && FOLDER_VARIABLES.includes(name)) {
        if (fallback === undefined) return whole;
        throw inputError(`${path.join('.') || '(root)'}: \${${name}} takes no default (tdo makes that folder for every server it starts); write \${${name}}`);
      }
      const found = env[name];
      if (found !== undefined && found !== '') return found;
      if (fallback !== undefined) return fallback;
      throw inputError(`${path.join('.') || '(root)'}: \${${name}} is not set (set the environment variable, or write \${${name}:-default})`);
    });
  }
  if (Array.isArray(value)) return value.map((v, i) => interpolateEnv(v, env, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateEnv(v, env, [...path, k])]));
  }
  return value;
}
