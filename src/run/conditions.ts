import type { ConditionEffect, ServerSpec, Suite } from '../suite/schema.ts';
import { inputError } from '../errors.ts';

export interface ResolvedConditions {
  /** Every condition of the suite with its value for this run (given or default). */
  values: Record<string, string>;
  /** The combined effect of those values. */
  effect: ConditionEffect;
}

/** Checks `given` against the suite's conditions and fills in the defaults. */
export function resolveConditions(suite: Suite, given: Record<string, string> = {}): ResolvedConditions {
  const declared = suite.conditions ?? {};
  for (const [name, value] of Object.entries(given)) {
    const condition = declared[name];
    if (condition === undefined) {
      const known = Object.keys(declared);
      throw inputError(`suite "${suite.name}" has no condition "${name}"${known.length === 0 ? ' (it declares none)' : `; it declares ${known.join(', ')}`}`);
    }
    if (!Object.hasOwn(condition.values, value)) {
      throw inputError(`condition ${name} has no value "${value}"; choose one of ${Object.keys(condition.values).join(', ')}`);
    }
  }
  const values = Object.fromEntries(Object.entries(declared).map(([name, c]) => [name, given[name] ?? c.default]));
  const effects = Object.entries(values).map(([name, value]) => declared[name]!.values[value]!);
  return {
    values,
    effect: { serverArgs: effects.flatMap((e) => e.serverArgs), limitInToken: effects.some((e) => e.limitInToken) },
  };
}

/** The suite's servers as this run starts them: condition arguments appended to every started server. */
export function applyServerArgs(servers: ServerSpec[], serverArgs: string[]): ServerSpec[] {
  if (serverArgs.length === 0) return servers;
  return servers.map((spec) => ('command' in spec ? { ...spec, args: [...spec.args, ...serverArgs] } : spec));
}
