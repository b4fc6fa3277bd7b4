import { injector, useTestPortal } from '@portal/api/test/portal';
import { contractorCompanies, materials, materialTypes, scales, transportCompanies } from '@portal/domain';
import { describe, expect, it } from 'vitest';

const ctx = useTestPortal();
const call = injector(() => ctx.portal);

/** Issue 34, D13: every catalogue the office picks from by name, with the field its name is in. */
const catalogues = [
  { label: 'material', base: '/api/scale/material', field: 'name', catalogue: materials },
  { label: 'material type', base: '/api/scale/material/type', field: 'name', catalogue: materialTypes },
  {
    label: 'contractor company',
    base: '/api/contractorcompany',
    field: 'name',
    catalogue: contractorCompanies,
  },
  {
    label: 'haulage company',
    base: '/api/transportcompany',
    field: 'name',
    catalogue: transportCompanies,
  },
  { label: 'scale', base: '/api/scale', field: 'scaleName', catalogue: scales },
] as const;

describe.each(catalogues)('$label names', ({ label, base, field, catalogue }) => {
  // Each test its own name, so the tests of one catalogue do not meet.
  const unique = (stem: string) => `${stem} ${crypto.randomUUID().slice(0, 6)}`;
  const create = (name: string) => call('POST', `${base}/new`, ctx.admin, { [field]: name });
  const created = async (name: string) => {
    const response = await create(name);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: number; version: number } & Record<string, unknown>>();
  };
  const holdersOf = async (name: string) => {
    const all = await call('GET', `${base}/all`, ctx.admin);
    expect(all.statusCode).toBe(200);
    const list = all.json<unknown>();
    const records = (
      Array.isArray(list) ? list : (list as { contractorCompanies: unknown[] }).contractorCompanies
    ) as Record<string, unknown>[];
    return records.filter((record) => String(record[field]).toLowerCase() === name.toLowerCase());
  };

  it('refuses a second record of the same name in another case or with spaces around it, with 409 and its message', async () => {
    const name = unique('Clean Fill');
    await created(name);
    for (const again of [name, name.toUpperCase(), `  ${name.toLowerCase()}  `]) {
      const refused = await create(again);
      expect(refused.statusCode, again).toBe(409);
      const message = `A ${label} named ${again.trim()} already exists.`;
      expect(refused.json()).toEqual({ message, errors: { [field]: message } });
    }
    expect(await holdersOf(name)).toHaveLength(1);
  });

  it("refuses an edit to another record's name, and keeps a record's own name in another case", async () => {
    const first = await created(unique('First'));
    const second = await created(unique('Second'));
    const taken = await call('PUT', `${base}/edit`, ctx.admin, {
      ...second,
      [field]: ` ${String(first[field]).toLowerCase()} `,
    });
    expect(taken.statusCode).toBe(409);
    expect((await call('GET', `${base}/${second.id}`, ctx.admin)).json()).toMatchObject({
      [field]: second[field],
      version: second.version,
    });

    const recased = await call('PUT', `${base}/edit`, ctx.admin, {
      ...second,
      [field]: String(second[field]).toUpperCase(),
    });
    expect(recased.statusCode, recased.body).toBe(200);
  });

  it('lets exactly one of ten concurrent creates of one name win', async () => {
    const name = unique('Burst');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => create(index % 2 ? name.toLowerCase() : ` ${name}`)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await holdersOf(name)).toHaveLength(1);
  });

  it('reads duplicates recorded before the rule, keeps them editable and lets them be renamed apart, but makes no third', async () => {
    const name = unique('Old Twin');
    // Two records of one name, as a site's event store holds them from before the rule: as version 1
    // (a scale's then had no weighing rules).
    const firstId = 880_000 + Math.floor(Math.random() * 50_000) * 2;
    const twins = [
      { id: firstId, [field]: name },
      { id: firstId + 1, [field]: name.toLowerCase() },
    ];
    for (const twin of twins) {
      const { lastPosition } = await ctx.portal.infra.eventStore.append(catalogue.streamId(twin.id), [
        {
          type: catalogue.eventTypes.created,
          data: twin,
          metadata: { userId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
        },
      ]);
      await ctx.portal.app.commands.waitForProjections(lastPosition);
    }
    expect(await holdersOf(name)).toHaveLength(2);

    const first = (await call('GET', `${base}/${firstId}`, ctx.admin)).json<Record<string, unknown>>();
    expect((await call('PUT', `${base}/edit`, ctx.admin, first)).statusCode).toBe(200);
    expect((await create(name)).statusCode).toBe(409);

    const second = (await call('GET', `${base}/${firstId + 1}`, ctx.admin)).json<Record<string, unknown>>();
    const renamed = await call('PUT', `${base}/edit`, ctx.admin, { ...second, [field]: `${name} B` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await holdersOf(name)).toHaveLength(1);
  });
});
