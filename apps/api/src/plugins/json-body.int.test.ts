import { testAdmin, useTestPortal } from '@portal/api/test/portal';
import { describe, expect, it } from 'vitest';
import { jsonBodyMessages, maxJsonDepth } from './json-body';

// Issue 32, items 4 and 6 (L2, I3): every route's JSON body goes through one parser, which refuses a body
// nested past maxJsonDepth before parsing it and a prototype-poisoning key as Fastify's own parser does.
const ctx = useTestPortal();

/** The public login, the route a stranger reaches first, with a raw body. */
const login = (payload: string) =>
  ctx.portal.app.inject({
    method: 'POST',
    url: '/api/auth/Authenticate',
    headers: { 'content-type': 'application/json' },
    payload,
  });
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON request bodies', () => {
  it.each([
    ['__proto__', `{"__proto__":{"role":1},"username":"${testAdmin.username}","password":"x"}`],
    ['constructor.prototype', '{"constructor":{"prototype":{"role":1}},"username":"a@b.c","password":"x"}'],
  ])('refuses a %s key with a 400', async (_key, body) => {
    const response = await login(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: jsonBodyMessages.invalid });
  });

  it('refuses a body nested past the limit, a megabyte of brackets or one level too many', async () => {
    const deep = nested(500_000);
    const response = await login(deep);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: jsonBodyMessages.tooDeep });
    expect((await login(`{"username":"a@b.c","password":${nested(maxJsonDepth + 1)}}`)).json()).toMatchObject(
      {
        message: jsonBodyMessages.tooDeep,
      },
    );
  });

  it('reads a body at the limit, brackets inside strings not counted, and still logs in', async () => {
    const atLimit = await login(`{"username":"a@b.c","password":"x","extra":${nested(maxJsonDepth - 1)}}`);
    expect(atLimit.json()).not.toMatchObject({ message: jsonBodyMessages.tooDeep });
    const bracketsInText = JSON.stringify({ ...testAdmin, note: '['.repeat(100) });
    expect((await login(bracketsInText)).json()).not.toMatchObject({ message: jsonBodyMessages.tooDeep });
    expect((await login(JSON.stringify(testAdmin))).statusCode).toBe(200);
  });

  it('still answers a malformed body 400 and reads an empty one as none', async () => {
    expect((await login('{"username":')).json()).toMatchObject({ message: jsonBodyMessages.invalid });
    expect((await login('')).statusCode).toBe(400);
  });
});
