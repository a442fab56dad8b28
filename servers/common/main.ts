import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { McpServerFactory } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { HttpAuth } from './http.ts';
import { StartupError } from './startup-error.ts';

export interface ServerCommandLine<Option extends string> {
  http: boolean;
  port: number;
  /** The server's own string flags (e.g. --descriptions FILE); undefined when not given. */
  options: Record<Option, string | undefined>;
}

/** Parses `--http`, `--port N` and the server's own string flags; throws StartupError on anything else. */
export function parseServerCommandLine<Option extends string>(
  argv: readonly string[],
  stringOptions: readonly Option[],
  defaultPort: number,
): ServerCommandLine<Option> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        http: { type: 'boolean' },
        port: { type: 'string' },
        ...Object.fromEntries(stringOptions.map((name) => [name, { type: 'string' as const }])),
      },
    }));
  } catch (error) {
    throw new StartupError((error as Error).message);
  }

  const portText = values.port as string | undefined;
  const port = portText === undefined ? defaultPort : Number(portText);
  if ((portText !== undefined && !/^\d{1,5}$/.test(portText)) || port > 65535) {
    throw new StartupError(`--port must be an integer from 0 to 65535 (0 picks a free port), got "${portText}"`);
  }
  const options = Object.fromEntries(stringOptions.map((name) => [name, values[name] as string | undefined])) as Record<Option, string | undefined>;
  return { http: values.http === true, port, options };
}

export interface ServerMainSpec<Option extends string> {
  /** Prefix for error messages, e.g. "lab". */
  name: string;
  defaultPort: number;
  stringOptions: readonly Option[];
  /** The environment variable a flag falls back to when it is not given. */
  env?: Partial<Record<Option, string>>;
  usage: string;
  createFactory(options: Record<Option, string | undefined>): Promise<McpServerFactory>;
  /** Bearer-token protection for --http (called after createFactory); servers without it are open. */
  httpAuth?(options: Record<Option, string | undefined>): Promise<HttpAuth>;
}

/** A server's spec with its flag names taken from `stringOptions`, so they are written once and typed. */
export function serverMainSpec<const Option extends string>(spec: ServerMainSpec<Option>): ServerMainSpec<Option> {
  return spec;
}

/** `options` with each flag not given taken from its environment variable in `env`; an empty variable counts as unset. */
export function withEnvironment<Option extends string>(
  options: Record<Option, string | undefined>,
  envNames: Partial<Record<Option, string>>,
  env: NodeJS.ProcessEnv = process.env,
): Record<Option, string | undefined> {
  const filled = { ...options };
  for (const [option, name] of Object.entries(envNames) as [Option, string][]) filled[option] ??= env[name] || undefined;
  return filled;
}

/** A standalone server's way to end on a start-up problem: the message and the usage on stderr, exit code 1. */
function printWithUsage(spec: ServerMainSpec<string>): (error: StartupError) => void {
  return (error) => {
    process.stderr.write(`${spec.name}: ${error.message}\n${spec.usage}\n`);
    process.exitCode = 1;
  };
}

/**
 * The shared entry point: stdio by default (stdout carries MCP only), or Streamable HTTP with `--http`,
 * announcing `listening http://127.0.0.1:PORT/mcp` as one line on stderr.
 * A start-up problem goes to `onStartupError`: printed with the usage unless the caller (`tdo serve`) says otherwise.
 */
export async function runServerMain<Option extends string>(
  spec: ServerMainSpec<Option>,
  argv: readonly string[] = process.argv.slice(2),
  onStartupError: (error: StartupError) => void = printWithUsage(spec),
): Promise<void> {
  try {
    const commandLine = parseServerCommandLine(argv, spec.stringOptions, spec.defaultPort);
    const options = withEnvironment(commandLine.options, spec.env ?? {});
    const factory = await spec.createFactory(options);
    if (commandLine.http) {
      const auth = await spec.httpAuth?.(options);
      // loaded only here: a stdio server, started by every run, does not load the HTTP stack
      const { startHttpServer } = await import('./http.ts');
      const { url } = await startHttpServer(factory, { port: commandLine.port, ...(auth === undefined ? {} : { auth }) }).catch(
        (error: NodeJS.ErrnoException) => {
          throw new StartupError(`cannot listen on 127.0.0.1:${commandLine.port}: ${error.code ?? error.message}; pass --port N (0 picks a free port)`);
        },
      );
      process.stderr.write(`listening ${url}\n`);
      exitWithLauncher();
    } else {
      serveStdio(factory);
    }
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    onStartupError(error);
  }
}

/**
 * Set by a launcher (the tdo host) that holds the server's stdin open for the server's life. An HTTP server
 * otherwise outlives a launcher killed with SIGKILL, holding its port; so it exits when that stdin closes.
 */
const LAUNCHER_STDIN_ENV = 'TDO_EXIT_WHEN_STDIN_CLOSES';

function exitWithLauncher(): void {
  if (process.env[LAUNCHER_STDIN_ENV] !== '1') return;
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
}

/** True when the module at `moduleUrl` is the script node was started with (not imported by `tdo serve`). */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
