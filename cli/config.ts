import { configEnvDefaults, configServers, configSuites, findConfigPath, loadConfig, type LoadedConfig } from '../src/index.ts';
import type { SuiteReferences } from '../src/index.ts';
import { SHIPPED_SUITES_DIR } from '../experiments/index.ts';

export interface CliConfig {
  /** Absent when there is no tdo.config.json (none in the working directory and TDO_CONFIG unset). */
  loaded?: LoadedConfig;
  /** What suites may refer to by name. */
  refs: SuiteReferences;
}

/**
 * Loads tdo.config.json (explicit path, TDO_CONFIG, or ./tdo.config.json) and lets its endpoint,
 * Langfuse and database settings fill the environment variables that are not set: flags beat the
 * environment, which beats the config.
 */
export function loadCliConfig(explicit?: string, env: NodeJS.ProcessEnv = process.env): CliConfig {
  const path = findConfigPath(explicit, env);
  if (path === undefined) return { refs: { shippedSuites: SHIPPED_SUITES_DIR } };
  const loaded = loadConfig(path, env);
  for (const [name, value] of Object.entries(configEnvDefaults(loaded))) if (!env[name]) env[name] = value;
  return { loaded, refs: { servers: configServers(loaded), suites: configSuites(loaded), shippedSuites: SHIPPED_SUITES_DIR, source: loaded.path } };
}
