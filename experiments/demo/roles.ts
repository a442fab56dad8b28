// The demo's server and rows, and the rows' labels, apart from the demo's runner so that a renderer loads them without it.

export const DEMO_SERVER = 'mega-depot';

/** The rows, in the experiment's order: the honest seed is the baseline every other row is compared with. */
export const DEMO_ROLES = ['seed', 'selection-best', 'success-best', 'shipped'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

/** What each row is, in words a reader of the report needs. */
export const ROLE_LABELS: Record<DemoRole, string> = {
  seed: 'honest seed',
  'selection-best': 'selection-best',
  'success-best': 'success-best',
  shipped: 'shipped (inflated)',
};
