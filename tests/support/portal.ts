import { randomBytes } from 'node:crypto';
import { configFromEnv, type PortalConfig } from '@portal/api/config';
import { type RunningPortal, startPortal } from '@portal/api/portal';
import { createTestDatabase, type TestDatabase } from './database';

export const testAdmin = { username: 'admin@portal.test', password: 'Admin-Pa55word!' } as const;

export interface TestPortal extends RunningPortal {
  database: TestDatabase;
  config: PortalConfig;
  /** Logs in through the API and returns the token. */
  login(username?: string, password?: string): Promise<string>;
  /** Stops the portal and drops its database. */
  stop(): Promise<void>;
}

/** A whole portal (API, projections, first administrator) on a fresh database and a free port. */
export async function startTestPortal(options: { uiDist?: string | null } = {}): Promise<TestPortal> {
  const database = await createTestDatabase();
  const config = configFromEnv(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_EMAIL: testAdmin.username,
      ADMIN_PASSWORD: testAdmin.password,
      LOG_LEVEL: 'warn',
    },
    { databaseUrl: database.url, jwtSecret: randomBytes(32).toString('hex'), uiDist: options.uiDist ?? null },
  );
  const portal = await startPortal(config, { print: () => undefined }).catch(async (error) => {
    await database.drop();
    throw error;
  });
  return {
    ...portal,
    database,
    config,
    async login(username: string = testAdmin.username, password: string = testAdmin.password) {
      const response = await portal.app.inject({
        method: 'POST',
        url: '/api/auth/Authenticate',
        payload: { username, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return response.json<string>();
    },
    async stop() {
      await portal.close();
      await database.drop();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The standard (role 2) user the API tests create next to the administrator. */
export const testStandardUser = {
  username: 'standard@portal.test',
  password: 'S3cret-password',
  firstName: 'Sam',
  lastName: 'Std',
} as const;

/** Creates the standard test user through the API (as `admin`) and logs in as them. */
export async function logInNewStandardUser(portal: TestPortal, admin: Record<string, string>) {
  const created = await portal.app.inject({
    method: 'POST',
    url: '/api/user/new',
    headers: admin,
    payload: testStandardUser,
  });
  if (created.statusCode !== 200)
    throw new Error(`creating the standard user failed: ${created.statusCode} ${created.body}`);
  return bearer(await portal.login(testStandardUser.username, testStandardUser.password));
}

/** `app.inject` shortened to (method, url, headers, JSON body). */
export const injector =
  (portal: () => TestPortal) =>
  (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) =>
    portal().app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
