// `tdo apply`: writes a version to the file its server loads, or prints the proxy command that serves it.
import { resolve } from 'node:path';
import { toJsonText, type StdioServerSpec } from '../../src/index.ts';
import { applyVersion, findServerSpec, proxyRoute, resolveVersion, shipRoute, type ApplyResult, type DescriptionsLocation } from '../../experiments/index.ts';
import { DEFAULT_DESCRIPTIONS, sellerDescriptionsFile } from '../../servers/shipped-files.ts';
import { withStore } from '../context.ts';
import { renderProxyRoute, renderWritten } from '../format/apply.ts';
import { TDO_BIN } from '../launcher.ts';
import type { ApplyFlags } from '../tables/apply.ts';

/**
 * Where a shipped server started through `tdo serve` loads its descriptions when its command line does
 * not say (the defaults in servers/<name>/main.ts): its env override, else the file next to the server.
 */
export function shippedDescriptionsFile(bin: string) {
  return (spec: StdioServerSpec): DescriptionsLocation | undefined => {
    const serve = spec.args.indexOf('serve');
    if (serve < 1 || resolve(spec.args[serve - 1]!) !== resolve(bin)) return undefined;
    const name = spec.args[serve + 1];
    const envVar = name === 'lab' ? 'TDO_LAB_DESCRIPTIONS' : name === 'labplus' ? 'TDO_LABPLUS_DESCRIPTIONS' : undefined;
    if (envVar !== undefined && spec.env[envVar])
      return { file: resolve(spec.cwd ?? process.cwd(), spec.env[envVar]), reason: `${envVar} in the env of server "${spec.name}"` };
    if (name === 'lab' || name === 'labplus') return { file: DEFAULT_DESCRIPTIONS[name], reason: `the default file of \`tdo serve ${name}\`` };
    const seller = spec.args[spec.args.indexOf('--seller') + 1];
    if (name === 'market' && spec.args.includes('--seller') && seller !== undefined) {
      return {
        file: sellerDescriptionsFile(seller),
        reason: `the default file of \`tdo serve market --seller ${seller}\``,
      };
    }
    return undefined;
  };
}

export async function applyCommand(ref: string, flags: ApplyFlags): Promise<void> {
  await withStore(flags, { mode: 'read' }, ({ store, config }) => {
    const version = resolveVersion(store, ref);
    const written = (result: ApplyResult) =>
      process.stdout.write(
        flags.json
          ? toJsonText({ version: version.id, server: version.server, route: 'file', ...result })
          : renderWritten(version, result, flags.out !== undefined),
      );
    if (flags.out !== undefined) return written(applyVersion(version, { file: resolve(flags.out), reason: '--out' }));
    const { spec, source } = findServerSpec(store, version.server, flags.suite, config.refs);
    const route = shipRoute(spec, source, shippedDescriptionsFile(TDO_BIN));
    if (route.route === 'file') return written(applyVersion(version, route));
    const dbPath = resolve(store.path);
    // node and this tdo's own entry point, both absolute: a host starts the proxy from any folder
    const proxy = proxyRoute(version, route.spec, [process.execPath, TDO_BIN], dbPath);
    process.stdout.write(
      flags.json
        ? toJsonText({ version: version.id, server: version.server, route: 'proxy', reason: route.reason, ...proxy })
        : renderProxyRoute(version, route.reason, proxy, dbPath),
    );
  });
}
