import { useTestPortal } from '@portal/api/test/portal';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * JSON bodies are taken as sent (issue: `PUT /api/contractorcompany/edit {"id": true}` edited
 * contractor 1, and "2e0", [2] and " 2 " edited contractor 2); paths and query strings are text, so
 * their digits still read as numbers.
 */

const ctx = useTestPortal();
const companies: { id: number; version: number; name: string }[] = [];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.portal.app.inject({ method, url, headers: ctx.admin, ...(payload ? { payload } : {}) });
const eventCount = async () =>
  Number((await ctx.portal.infra.pool.query('SELECT count(*) FROM events')).rows[0].count);

beforeAll(async () => {
  for (const name of ['First Contracting', 'Second Contracting']) {
    const created = await call('POST', '/api/contractorcompany/new', { name });
    expect(created.statusCode, created.body).toBe(200);
    companies.push(created.json());
  }
});

describe('ids in JSON bodies', () => {
  it.each([
    ['true', true],
    ['[2]', [2]],
    ['"2e0"', '2e0'],
    ['" 2 "', ' 2 '],
    ['"2"', '2'],
    ['1.5', 1.5],
    ['{"id": 2}', { id: 2 }],
  ])('%s is not an id: 400 naming the field, and nothing is written', async (_, id) => {
    const before = await eventCount();
    for (const company of companies) {
      const response = await call('PUT', '/api/contractorcompany/edit', {
        ...company,
        id,
        name: 'Taken over',
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        message: 'id must be a whole number',
        errors: { id: 'id must be a whole number' },
      });
    }
    expect(await eventCount()).toBe(before);
    for (const company of companies) {
      expect((await call('GET', `/api/contractorcompany/${company.id}`)).json()).toMatchObject({
        name: company.name,
      });
    }
  });

  it('a schema-typed id is not coerced either', async () => {
    for (const ticketId of ['1', true, [1]]) {
      const response = await call('POST', '/api/ticket/reject', { ticketId, reason: 'coerced?' });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe('ticketId must be a whole number');
    }
  });

  it('a whole JSON number is the id', async () => {
    const [first] = companies;
    if (!first) throw new Error('no company');
    const response = await call('PUT', '/api/contractorcompany/edit', {
      ...first,
      name: 'First Contracting Ltd',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: first.id, name: 'First Contracting Ltd' });
  });
});

describe('ids in paths and query strings', () => {
  it('are read from their digits', async () => {
    const [, second] = companies;
    if (!second) throw new Error('no company');
    expect((await call('GET', `/api/contractorcompany/${second.id}`)).json()).toMatchObject({
      id: second.id,
    });
    const report = await call('GET', '/api/ticket/report/projects?ignoreLock=true');
    expect(report.statusCode, report.body).toBeLessThan(300);
  });
});
