import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@portal/event-store/test/test-servers';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';
import { startPortal } from './portal';

describe('first administrator', () => {
  it('without ADMIN_EMAIL/ADMIN_PASSWORD, is admin@example.com with a random password printed once', async () => {
    const database = await createTestDatabase();
    const config = configFromEnv(
      { PORT: '0', HOST: '127.0.0.1', METRICS_PORT: '0' },
      {
        databaseUrl: database.url,
        jwtSecret: randomBytes(16).toString('hex'),
        linkSecret: randomBytes(16).toString('hex'),
        uiDist: null,
      },
    );
    const printed: string[] = [];
    try {
      const first = await startPortal(config, { print: (line) => printed.push(line) });
      const password =
        printed
          .find((line) => line.includes('shown only this once'))
          ?.split(': ')
          .at(-1) ?? '';
      expect(printed[0]).toBe('Created the first administrator: admin@example.com');
      expect(password).toMatch(/^[\w-]{16}$/);
      const login = await first.app.inject({
        method: 'POST',
        url: '/api/auth/Authenticate',
        payload: { username: 'admin@example.com', password },
      });
      expect(login.statusCode).toBe(200);
      await first.close();

      // A restart finds the administrator and prints nothing again.
      printed.length = 0;
      const second = await startPortal(config, { print: (line) => printed.push(line) });
      expect(printed).toEqual([]);
      const users = await second.infra.db.selectFrom('users').select(['username', 'roleId']).execute();
      expect(users).toEqual([{ username: 'admin@example.com', roleId: 1 }]);
      await second.close();
    } finally {
      await database.drop();
    }
  });

  it('refuses a weak ADMIN_PASSWORD at the first start, naming the rule; later starts do not read it', async () => {
    const database = await createTestDatabase();
    const jwtSecret = randomBytes(16).toString('hex');
    const start = (adminPassword: string) =>
      startPortal(
        configFromEnv(
          {
            PORT: '0',
            HOST: '127.0.0.1',
            METRICS_PORT: '0',
            ADMIN_EMAIL: 'boss@portal.test',
            ADMIN_PASSWORD: adminPassword,
          },
          { databaseUrl: database.url, jwtSecret, linkSecret: randomBytes(16).toString('hex'), uiDist: null },
        ),
        { print: () => undefined },
      );
    try {
      await expect(start('Admin-2024')).rejects.toThrow(
        'ADMIN_PASSWORD is not accepted for the first administrator: Password must be at least 12 characters',
      );
      await (await start('Quartz-lantern-meadow-42')).close();
      // The administrator exists now, so an old weak ADMIN_PASSWORD left in the environment stops nothing.
      const restarted = await start('Admin-2024');
      const login = await restarted.app.inject({
        method: 'POST',
        url: '/api/auth/Authenticate',
        payload: { username: 'boss@portal.test', password: 'Quartz-lantern-meadow-42' },
      });
      expect(login.statusCode).toBe(200);
      await restarted.close();
    } finally {
      await database.drop();
    }
  });
});
