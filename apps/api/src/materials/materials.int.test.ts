import { injector, useTestPortal } from '@portal/api/test/portal';
import type { Material } from '@portal/contract';
import { describe, expect, it } from 'vitest';

const ctx = useTestPortal({ standardUser: true });
const call = injector(() => ctx.portal);

/** Materials and material types share one shape and one set of routes under two prefixes. */
const kinds = [
  { label: 'material', base: '/api/scale/material', notFound: 'Material not found.' },
  { label: 'material type', base: '/api/scale/material/type', notFound: 'Material type not found.' },
] as const;

const create = async (base: string, name: string): Promise<Material> => {
  const response = await call('POST', `${base}/new`, ctx.admin, { name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Material>();
};
const all = async (base: string): Promise<Material[]> => {
  const response = await call('GET', `${base}/all`, ctx.admin);
  expect(response.statusCode).toBe(200);
  return response.json<Material[]>();
};

describe.each(kinds)('$label routes', ({ base, notFound }) => {
  it('create, get, list, edit and delete round-trip the saved record with id and version', async () => {
    const created = await call('POST', `${base}/new`, ctx.admin, { name: '  Clean fill ' });
    expect(created.statusCode).toBe(200);
    const saved = created.json<Material>();
    expect(saved).toEqual({ id: expect.any(Number), name: 'Clean fill', version: 1 });

    expect((await call('GET', `${base}/${saved.id}`, ctx.admin)).json()).toEqual(saved);
    expect(await all(base)).toContainEqual(saved);

    const edited = await call('PUT', `${base}/edit`, ctx.admin, { ...saved, name: 'Clean fill A' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ id: saved.id, name: 'Clean fill A', version: 2 });
    expect((await call('GET', `${base}/${saved.id}`, ctx.admin)).json()).toEqual(edited.json());

    const removed = await call('DELETE', `${base}/${saved.id}`, ctx.admin);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await call('GET', `${base}/${saved.id}`, ctx.admin)).statusCode).toBe(404);
    expect((await all(base)).map((m) => m.id)).not.toContain(saved.id);
  });

  it('an edit that changes nothing keeps the version', async () => {
    const saved = await create(base, 'Unchanged');
    const edited = await call('PUT', `${base}/edit`, ctx.admin, { ...saved });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual(saved);
  });

  it.each([{}, { name: '' }, { name: '   ' }])(
    'refuses %o with 400 Name is required, creating nothing',
    async (payload) => {
      const before = (await all(base)).length;
      const response = await call('POST', `${base}/new`, ctx.admin, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Name is required', errors: { name: 'Name is required' } });
      expect((await all(base)).length).toBe(before);
    },
  );

  it('refuses a blank name on edit and keeps the record', async () => {
    const saved = await create(base, 'Keep my name');
    const response = await call('PUT', `${base}/edit`, ctx.admin, { ...saved, name: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ name: 'Name is required' });
    expect((await call('GET', `${base}/${saved.id}`, ctx.admin)).json()).toEqual(saved);
  });

  it('refuses a stale version with 409 and keeps the newer edit', async () => {
    const saved = await create(base, 'Version one');
    expect((await call('PUT', `${base}/edit`, ctx.admin, { ...saved, name: 'Version two' })).statusCode).toBe(
      200,
    );
    const stale = await call('PUT', `${base}/edit`, ctx.admin, { ...saved, name: 'Version three' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This record was changed by someone else. Reload it and try again.');
    expect((await call('GET', `${base}/${saved.id}`, ctx.admin)).json()).toMatchObject({
      name: 'Version two',
      version: 2,
    });
  });

  it('answers 404 for unknown and deleted ids', async () => {
    const gone = await create(base, 'Soon gone');
    expect((await call('DELETE', `${base}/${gone.id}`, ctx.admin)).statusCode).toBe(204);
    for (const id of [999999, gone.id]) {
      const get = await call('GET', `${base}/${id}`, ctx.admin);
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ message: notFound });
      expect((await call('DELETE', `${base}/${id}`, ctx.admin)).statusCode).toBe(404);
      const edit = await call('PUT', `${base}/edit`, ctx.admin, { id, name: 'Ghost' });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().message).toBe(notFound);
    }
  });

  it('standard users read (200) but every write is 403 and changes nothing', async () => {
    const saved = await create(base, 'Read only');
    expect((await call('GET', `${base}/all`, ctx.standard)).statusCode).toBe(200);
    const got = await call('GET', `${base}/${saved.id}`, ctx.standard);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(saved);
    const before = (await all(base)).length;
    const writes = await Promise.all([
      call('POST', `${base}/new`, ctx.standard, { name: 'Sneaky' }),
      call('PUT', `${base}/edit`, ctx.standard, { ...saved, name: 'Sneaky' }),
      call('DELETE', `${base}/${saved.id}`, ctx.standard),
    ]);
    for (const response of writes) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You do not have permission to do this.');
    }
    expect((await all(base)).length).toBe(before);
    expect((await call('GET', `${base}/${saved.id}`, ctx.admin)).json()).toEqual(saved);
  });

  it('needs a token for reads', async () => {
    expect((await call('GET', `${base}/all`, {})).statusCode).toBe(401);
  });

  it('read-your-writes: every created record is in the very next list, 20 rounds without retry', async () => {
    for (let round = 0; round < 20; round++) {
      const saved = await create(base, `RYW ${round}`);
      expect(await all(base)).toContainEqual(saved);
    }
  });
});

describe('materials and material types are separate lists', () => {
  it('a material is not a material type and the reverse', async () => {
    await create('/api/scale/material', 'Only a material');
    await create('/api/scale/material/type', 'Only a type');
    expect((await all('/api/scale/material')).map((m) => m.name)).not.toContain('Only a type');
    expect((await all('/api/scale/material/type')).map((m) => m.name)).not.toContain('Only a material');
  });

  it('lists sort by name', async () => {
    const names = (await all('/api/scale/material')).map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('deleting a material type in use', () => {
  it('is refused with 409 while a project uses it, and allowed once the project lets go', async () => {
    const type = await create('/api/scale/material/type', 'Contaminated soil');
    const company = await call('POST', '/api/contractorcompany/new', ctx.admin, { name: 'Type User Ltd' });
    expect(company.statusCode).toBe(200);
    const project = await call('POST', '/api/project/new', ctx.admin, {
      project: {
        projectId: 'MT-1',
        contractorCompanyId: company.json().id,
        jobSite: '12 Quarry Rd',
        materialTypeId: type.id,
      },
    });
    expect(project.statusCode, project.body).toBe(200);
    expect(project.json()).toMatchObject({
      materialTypeId: type.id,
      materialTypeName: 'Contaminated soil',
    });

    const refused = await call('DELETE', `/api/scale/material/type/${type.id}`, ctx.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This material type is still used by 1 project. Remove or move them first.',
    });
    expect((await call('GET', `/api/scale/material/type/${type.id}`, ctx.admin)).json()).toEqual(type);

    const released = await call('PUT', '/api/project/edit', ctx.admin, {
      project: { ...project.json(), materialTypeId: null },
    });
    expect(released.statusCode, released.body).toBe(200);
    expect((await call('DELETE', `/api/scale/material/type/${type.id}`, ctx.admin)).statusCode).toBe(204);
  });
});
