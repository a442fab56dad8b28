import { describe, expect, it } from 'vitest';
import { parseQueueAddress } from '../../../../src/run/queue/queue-address.ts';

describe('parseQueueAddress', () => {
  it('reads host, port and database, and shows the URL without its password', () => {
    expect(parseQueueAddress('redis://10.0.0.5:6380/2')).toMatchObject({ host: '10.0.0.5', port: 6380, db: 2, shown: 'redis://10.0.0.5:6380/2' });
    const withPassword = parseQueueAddress('redis://:s3cret@queue.example:6379');
    expect(withPassword).toMatchObject({ password: 's3cret', db: 0 });
    expect(withPassword.shown).not.toContain('s3cret');
  });

  it('refuses what is not redis://HOST:PORT[/DB], saying what to fix', () => {
    expect(() => parseQueueAddress('localhost:6379')).toThrow(/--queue localhost:6379: must be a URL of the form redis:\/\/HOST:PORT\[\/DB\]/);
    expect(() => parseQueueAddress('http://localhost:6379')).toThrow(/redis:\/\/HOST:PORT/);
    expect(() => parseQueueAddress('redis://localhost:6379/queue')).toThrow(/database number only/);
  });
});
