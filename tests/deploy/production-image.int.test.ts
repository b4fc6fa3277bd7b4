import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@portal/api';
import { testAdmin } from '@portal/api/test/portal';
import { type PortalProcess, startCompiledApi } from '@portal/api/test/processes';
import { createTestDatabase, type TestDatabase } from '@portal/event-store/test/test-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// Issue 17, items 5 and 6. No Docker engine runs on the build machines: the image's entry points are
// built and run here as the image runs them, and the compose file is checked by `docker-compose config`
// (Debian's docker-compose, which needs no engine; .ci/run installs it).
const composeFile = path.join(repoRoot, 'docker-compose.yml');
const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

/** Every secret and setting the compose file requires, with stand-in values. */
const required = {
  POSTGRES_PASSWORD: 'stand-in',
  SMTP_URL: 'smtp://relay.example.com:587',
  JWT_SECRET: 'stand-in',
  LINK_SECRET: 'stand-in',
  METRICS_TOKEN: 'stand-in',
  PORTAL_DOMAIN: 'portal.example.com',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'stand-in',
  SCALE_DEVICE: '/dev/ttyUSB0',
  SCALE_BRIDGE_KEY: 'stand-in',
};

const composeConfig = (env: Record<string, string>) =>
  spawnSync('docker-compose', ['-f', composeFile, 'config'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  devices?: string[];
  ports?: unknown[];
}

describe.skipIf(!hasCompose)(
  `docker-compose.yml, checked statically${hasCompose ? '' : ' (skipped: docker-compose is not installed here; .ci/run installs it)'}`,
  () => {
    it('is a valid compose file once its required settings are given', () => {
      const result = composeConfig(required);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    });

    it.each(Object.keys(required))('has no default for %s: without it, it refuses to start', (name) => {
      const { [name as keyof typeof required]: _, ...others } = required;
      const result = composeConfig(others);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(name);
    });

    it('runs two APIs behind a TLS proxy, two projectors, a worker and the bridge, each with a health check', () => {
      const { services } = parse(composeConfig(required).stdout) as {
        services: Record<string, ComposeService>;
      };
      expect(Object.keys(services).sort()).toEqual(
        [
          'api-1',
          'api-2',
          'eventstore',
          'postgres',
          'projector-1',
          'projector-2',
          'proxy',
          'redis',
          'scale-bridge',
          'worker',
        ].sort(),
      );
      for (const [name, service] of Object.entries(services))
        expect(service.healthcheck?.test, `${name} has a health check`).toBeDefined();
      expect(services.proxy?.ports).toEqual(
        expect.arrayContaining([expect.objectContaining({ target: 443 })]),
      );
      expect(services.redis?.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
      expect(services['scale-bridge']?.devices).toEqual(['/dev/ttyUSB0:/dev/scale']);

      // Every portal process shares the stores, the queues' prefix and the secrets.
      const shared = [
        'DATABASE_URL',
        'EVENTSTORE_URL',
        'REDIS_URL',
        'QUEUE_PREFIX',
        'JWT_SECRET',
        'LINK_SECRET',
      ];
      const portal = ['api-1', 'api-2', 'projector-1', 'projector-2', 'worker'].map((name) => services[name]);
      for (const variable of shared) {
        const values = new Set(portal.map((service) => service?.environment?.[variable]));
        expect(values.size, variable).toBe(1);
        expect([...values][0], variable).toBeTruthy();
      }
      expect(portal.map((service) => service?.command?.join(' '))).toEqual([
        'node dist/server/api.js',
        'node dist/server/api.js',
        'node dist/server/projector.js',
        'node dist/server/projector.js',
        'node dist/server/worker.js',
      ]);
    });
  },
);

describe('the production image', () => {
  const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');

  it('builds in stages and runs compiled JavaScript on Node 26 LTS as a user other than root', () => {
    const stages = dockerfile.match(/^FROM /gm) ?? [];
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^ARG NODE_VERSION=26$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/server\/start\.js"\]$/m);
    expect(dockerfile).not.toMatch(/tsx/);
  });

  describe('its compiled API, started as the image starts it', () => {
    let database: TestDatabase;
    let api: PortalProcess & { url: string };
    beforeAll(async () => {
      database = await createTestDatabase();
      api = await startCompiledApi(database.url);
    });
    afterAll(async () => {
      await api?.stop();
      await database?.drop();
    });

    const signIn = async () => {
      const login = await fetch(`${api.url}/api/auth/Authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: testAdmin.username, password: testAdmin.password }),
      });
      expect(login.status).toBe(200);
      return (await login.json()) as string;
    };

    it('is ready, signs the administrator in and saves a record', async () => {
      const ready = await fetch(`${api.url}/readyz`);
      expect(await ready.json()).toMatchObject({ status: 'ready' });
      const token = await signIn();
      const saved = await fetch(`${api.url}/api/contractorcompany/new`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: 'Compiled Earthworks' }),
      });
      expect(saved.status).toBe(200);
      expect(await saved.json()).toMatchObject({ name: 'Compiled Earthworks' });
    });

    it('builds a report download on a workbook thread (dist/server/workbook-thread.js)', async () => {
      const download = await fetch(`${api.url}/api/ticket/report/excel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await signIn()}` },
        body: JSON.stringify({ title: 'Compiled report' }),
      });
      expect(download.status).toBe(200);
      const file = Buffer.from(await download.arrayBuffer());
      // A zip (an .xlsx) with its end-of-central-directory record: the thread wrote it whole.
      expect(file.subarray(0, 2).toString()).toBe('PK');
      expect(file.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBe(true);
    });
  });
});
