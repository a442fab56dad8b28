// What `tdo apply` prints for the proxy route: the command as a shell reads it back, and what the host must add.
import { describe, expect, it } from 'vitest';
import { renderProxyRoute, shellLine } from '../../../cli/format/apply.ts';

const version = { id: 'board-0123456789', server: 'board', descriptions: { create_tasks: 'C.', delete_tasks: 'D.' } };

describe('tdo apply, proxy route', () => {
  it('quotes only the words a shell would split or expand', () => {
    expect(shellLine(['npx', '-y', '@example/board-server', '--db=/a/b.db'])).toBe('npx -y @example/board-server --db=/a/b.db');
    expect(shellLine(['node', '/my dir/s.js', "it's", '$HOME'])).toBe(`node '/my dir/s.js' 'it'\\''s' '$HOME'`);
  });

  it("names the variables and the folder the server's spec gives it, which the host must give the proxy", () => {
    const command = [
      '/usr/bin/node',
      '/opt/tdo/bin/tdo.js',
      'proxy',
      '--name',
      'board',
      '--version',
      version.id,
      '--db',
      '/t/tdo.db',
      '--',
      'npx',
      'board-server',
    ];
    const text = renderProxyRoute(version, 'REASON', { command, env: ['BOARD_FILE', 'LOG_LEVEL'], cwd: '/srv/board' }, '/t/tdo.db');
    expect(text).toMatch(/^tdo wrote no file for version board-0123456789 \(server board, 2 tools\): REASON\.\n/);
    expect(text).toContain(`\n  ${command.join(' ')}\n`);
    expect(text).toContain(`claude mcp add board -- ${command.join(' ')}\n`);
    expect(text).toContain("The server's spec sets BOARD_FILE and LOG_LEVEL for it; set them in the host's entry as well");
    expect(text).toContain("The server's spec starts it in /srv/board; have the host start the proxy in that folder as well.");
    expect(text).toContain('tdo apply board-0123456789 --db /t/tdo.db --out FILE\n');
    const bare = renderProxyRoute(version, 'REASON', { command, env: [] }, '/t/tdo.db');
    expect(bare).not.toMatch(/spec sets|spec starts/);
  });
});
