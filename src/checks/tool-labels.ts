/** Whether a plan label ("tool" or "server/tool") names this server's tool. */
export function labelMatches(label: string, server: string, tool: string): boolean {
  const slash = label.indexOf('/');
  return slash < 0 ? label === tool : label.slice(0, slash) === server && label.slice(slash + 1) === tool;
}
