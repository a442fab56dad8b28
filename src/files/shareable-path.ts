import { basename, isAbsolute, relative } from 'node:path';

/**
 * A path as a report meant to be shared names it: relative to the working directory when it lies inside it (the
 * project's own layout, which its readers share), else the file name alone, so no home folder or user name leaves
 * the machine.
 */
export function shareablePath(path: string, cwd = process.cwd()): string {
  const inside = relative(cwd, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : basename(path);
}
