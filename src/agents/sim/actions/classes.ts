/**
 * The kinds of action a tool performs and a request asks for, coarser than a verb: what a reader sorts tools by
 * before it looks at their objects (docs/agents.md, "The action class"). Each class lists its anchor verbs as
 * WordNet lemmas (phrasal verbs joined by "_", as verbs.json spells them); a verb that is no anchor takes the class
 * of an anchor it shares a WordNet synset with (action-class.ts). The classes follow the operations API
 * catalogues name their endpoints by (CRUD's create, read, update and delete, and the list, search, send and run
 * endpoints beside them), checked on BFCL's function names (test/src/agents/sim/action-class.calibration.test.ts).
 */
export const ACTION_CLASSES = {
  read: [
    'get',
    'read',
    'show',
    'view',
    'display',
    'see',
    'fetch',
    'retrieve',
    'describe',
    'inspect',
    'check',
    'tell',
    'examine',
    'obtain',
    'preview',
    'print',
    'download',
  ],
  list: ['list', 'enumerate', 'browse'],
  search: ['search', 'find', 'query', 'look_up', 'look_for', 'locate', 'filter', 'seek', 'lookup', 'grep'],
  compute: [
    'calculate',
    'compute',
    'count',
    'estimate',
    'evaluate',
    'measure',
    'analyze',
    'analyse',
    'add_up',
    'multiply',
    'divide',
    'subtract',
    'average',
    'sum',
  ],
  convert: ['convert', 'translate', 'transform', 'encode', 'decode', 'parse'],
  create: [
    'create',
    'add',
    'make',
    'insert',
    'write',
    'register',
    'set_up',
    'save',
    'store',
    'upload',
    'append',
    'draft',
    'compose',
    'attach',
    'import',
    'enter',
    'initialize',
  ],
  update: [
    'update',
    'edit',
    'modify',
    'change',
    'alter',
    'rename',
    'set',
    'fix',
    'replace',
    'patch',
    'move',
    'mark',
    'tick',
    'check_off',
    'approve',
    'close',
    'reopen',
    'assign',
    'reset',
    'adjust',
    'correct',
    'amend',
    'toggle',
    'enable',
    'disable',
    'restore',
    'revise',
    'overwrite',
    'transfer',
  ],
  delete: [
    'delete',
    'remove',
    'drop',
    'erase',
    'forget',
    'clear',
    'purge',
    'destroy',
    'discard',
    'unlink',
    'cancel',
    'uninstall',
    'wipe',
    'revoke',
    'get_rid_of',
    'throw_out',
    'throw_away',
  ],
  send: ['send', 'post', 'publish', 'notify', 'email', 'reply', 'comment', 'share', 'submit', 'push', 'broadcast', 'invite', 'forward'],
  run: ['run', 'execute', 'launch', 'trigger', 'invoke', 'start', 'restart', 'deploy', 'perform'],
  merge: ['merge', 'combine'],
  copy: ['fork', 'copy', 'clone', 'duplicate'],
} as const satisfies Record<string, readonly string[]>;

export type ActionClass = keyof typeof ACTION_CLASSES;

/**
 * What a request asks for that no single verb says: "is wrong", "no longer" ask to change or remove something
 * that exists (action-class.ts reads them), which is a write but never a create.
 */
export type StepClass = ActionClass | 'change';

/** Whether an action leaves what it acts on as it was: a reading request is served by no tool that writes. */
const READS: ReadonlySet<StepClass> = new Set(['read', 'list', 'search', 'compute', 'convert']);
const WRITES: ReadonlySet<StepClass> = new Set(['create', 'update', 'delete', 'send', 'merge', 'copy', 'change']);

/** Opposite directions among writes: a request to remove is not served by a tool that adds, nor the reverse. */
const OPPOSITES: ReadonlyArray<readonly [StepClass, StepClass]> = [
  ['create', 'delete'],
  ['create', 'change'],
];

/** Whether a tool of class `tool` cannot do what a step of class `step` asks (running a command is neither). */
export function contradicts(step: StepClass, tool: ActionClass): boolean {
  if ((READS.has(step) && WRITES.has(tool)) || (WRITES.has(step) && READS.has(tool))) return true;
  return OPPOSITES.some(([a, b]) => (step === a && tool === b) || (step === b && tool === a));
}

/**
 * Whether a tool of class `tool` does just what a step of class `step` asks. A request to read (a question, "show
 * me") is served by any tool that only reads: listing, searching and computing answer questions too; the other
 * classes ask for themselves, and a request to change for an update or a delete.
 */
export function doesWhatIsAsked(step: StepClass, tool: ActionClass): boolean {
  if (step === 'read') return READS.has(tool);
  return step === tool || (step === 'change' && (tool === 'update' || tool === 'delete'));
}

/** Whether a tool of this class changes what it acts on (a run of a command may or may not). */
export function writes(cls: ActionClass): boolean {
  return WRITES.has(cls);
}

/** Whether a tool of this class only reads. */
export function onlyReads(cls: ActionClass): boolean {
  return READS.has(cls);
}
