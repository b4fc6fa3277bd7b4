import { declaredEndpoints, type Endpoint, endpoint, endpoints } from '@portal/contract';
import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { route } from '../route';
import routeTable from './route-table';

const ping = endpoint({
  method: 'GET',
  path: '/api/ping',
  access: 'public',
  tags: ['test'],
  summary: 'Answers pong',
  response: { 200: Type.String() },
});
const echo = endpoint({
  method: 'POST',
  path: '/api/echo',
  access: 'user',
  tags: ['test'],
  summary: 'Answers its body',
  body: Type.Object({ text: Type.String() }),
  response: { 200: Type.String() },
});

async function appOf(declared: readonly Endpoint[]) {
  const app = Fastify();
  await app.register(routeTable, { declared });
  return app;
}

describe('the route table', () => {
  it('starts when each declaration has one handler, and routes outside /api/ need none', async () => {
    const app = await appOf([ping, echo]);
    route(app, ping, async () => 'pong');
    route(app, echo, async (request) => request.body.text);
    app.get('/healthz', async () => 'ok');
    await expect(app.ready()).resolves.toBeDefined();
    expect((await app.inject({ method: 'POST', url: '/api/echo', payload: { text: 'hi' } })).body).toBe('hi');
    await app.close();
  });

  it('refuses an /api/ route the contract does not declare', async () => {
    const app = await appOf([ping]);
    expect(() => app.get('/api/undeclared', async () => 'no')).toThrow(
      'GET /api/undeclared is not declared in @portal/contract',
    );
    expect(() => route(app, echo, async () => 'no')).toThrow(
      'POST /api/echo is not declared in @portal/contract',
    );
    await app.close();
  });

  it('does not start while a declaration has no handler', async () => {
    const app = await appOf([ping, echo]);
    route(app, ping, async () => 'pong');
    await expect(app.ready()).rejects.toThrow('Declared endpoints without a handler: POST /api/echo');
  });

  it("holds each path of the contract once, and the portal's own declarations are all distinct", () => {
    const names = declaredEndpoints.map((declaration) => `${declaration.method} ${declaration.path}`);
    expect(new Set(names).size).toBe(names.length);
    expect(declaredEndpoints).toContain(endpoints.postAuthAuthenticate);
    expect(declaredEndpoints).toContain(endpoints.scaleCatalogue.read);
  });
});
