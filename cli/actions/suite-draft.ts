// `tdo suite draft`: drafts a suite from recorded runs (--from-run, src/suite-draft/) or has a model write one
// (--generate, suite-generate.ts), and writes it where the author reviews it; nothing is written over an existing
// file without --force.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, relative, resolve } from 'node:path';
import { inputError, planSuiteDraft, SUITE_SCHEMA_FILE, toJsonText, writeSuiteDraft } from '../../src/index.ts';
import { withStore } from '../context.ts';
import { draftJson, renderDraft } from '../format/suite-draft.ts';
import type { SuiteDraftFlags } from '../tables/suite-draft.ts';
import { suiteGenerateCommand } from './suite-generate.ts';

export async function suiteDraftCommand(command: string[], flags: SuiteDraftFlags, cwd = process.cwd()): Promise<void> {
  if (flags.fromRun.length > 0 && flags.generate !== undefined) throw inputError('--from-run and --generate are two ways to draft: give one of them');
  if (flags.generate !== undefined) return suiteGenerateCommand(command, flags);
  if (command.length > 0) throw inputError(`a server command (${command.join(' ')}) is for --generate; --from-run drafts from the runs' own servers`);
  if (flags.fromRun.length === 0)
    throw inputError('give --from-run RUN_ID... (runs `tdo traces list` shows) or --generate N --model M (a model writes the requests)');
  // a suite file's extension says how tdo reads it (src/suite/load.ts), and a draft's comments need YAML
  if (flags.out !== undefined && !/\.ya?ml$/i.test(flags.out))
    throw inputError(`--out ${flags.out}: a draft is written as YAML, for the comments it holds; name the file .yaml or .yml`);
  // refused before the store is read: a file the author wrote is never at risk, whatever the runs hold
  if (flags.out !== undefined) refuseOverwrite(resolve(cwd, flags.out), flags.force);
  await withStore(flags, { mode: 'read' }, ({ store }) => {
    const plan = planSuiteDraft(store, flags.fromRun);
    const path = resolve(cwd, flags.out ?? `suites/${plan.target}-draft.yaml`);
    refuseOverwrite(path, flags.force);
    const name = basename(path, extname(path));
    const draft = writeSuiteDraft(plan, name, relative(dirname(path), SUITE_SCHEMA_FILE));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, draft.yaml);
    // as the author would type it: relative below the working directory, else the whole path
    const file = relative(cwd, path).startsWith('..') ? path : relative(cwd, path);
    process.stdout.write(flags.json ? toJsonText(draftJson(plan, file, draft.fills)) : renderDraft(plan, file, draft.fills));
  });
}

function refuseOverwrite(path: string, force: boolean | undefined): void {
  if (existsSync(path) && force !== true) throw inputError(`${path} exists; --force overwrites it, or give another --out`);
}
