// With several agents (`--agents`), what the engine searches over is (task, agent) pairs: each is one
// instance with its own score, so the Pareto front keeps a candidate that is best for one agent on one
// task. With one agent an instance is just the task, as the single-agent search has always seen it.

export interface AgentInstance {
  taskId: string;
  /** position in the agent list */
  agent: number;
}

export class AgentInstances {
  private readonly byId = new Map<string, AgentInstance>();

  /** `taskIds`: every task the search may run (the suite's). */
  constructor(
    readonly agentIds: readonly string[],
    taskIds: readonly string[],
  ) {
    if (agentIds.length === 0) throw new Error('at least one agent is needed');
    const repeated = agentIds.filter((id, i) => agentIds.indexOf(id) !== i);
    if (repeated.length > 0) throw new Error(`each agent may be given once; repeated: ${[...new Set(repeated)].join(', ')}`);
    for (const taskId of taskIds) agentIds.forEach((_, agent) => this.byId.set(this.idOf(taskId, agent), { taskId, agent }));
  }

  /** "task" with one agent, "task@agent" with several. */
  idOf(taskId: string, agent: number): string {
    return this.agentIds.length === 1 ? taskId : `${taskId}@${this.agentIds[agent]!}`;
  }

  /** Every agent's instance of each task, a task's instances together (the engine draws them as one unit). */
  of(taskIds: readonly string[]): string[] {
    return taskIds.flatMap((taskId) => this.agentIds.map((_, agent) => this.idOf(taskId, agent)));
  }

  /** The task and agent of an instance id. */
  get(id: string): AgentInstance {
    const instance = this.byId.get(id);
    if (instance === undefined) throw new Error(`"${id}" is no (task, agent) instance of this search`);
    return instance;
  }

  taskOf = (id: string): string => this.get(id).taskId;
  agentOf = (id: string): string => this.agentIds[this.get(id).agent]!;
}
