import { catalogueChecks, expectForbidden, expectReadYourWrites } from '@portal/api/test/catalogue-kit';
import { clientOfPortal, injector, testAdmin, useTestPortal } from '@portal/api/test/portal';
import { endpoints, type Project } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';

const ctx = useTestPortal({ standardUser: true });
let acme: { id: number; name: string };
let other: { id: number; name: string };

beforeAll(async () => {
  acme = (await call('POST', '/api/contractorcompany/new', ctx.admin, { name: 'Acme Earthworks' })).json();
  other = (await call('POST', '/api/contractorcompany/new', ctx.admin, { name: 'Other Diggers' })).json();
});

const call = injector(() => ctx.portal);
const client = clientOfPortal(() => ctx.portal);
/** Saves travel as {project, loggedInUserId}. */
const checks = catalogueChecks(ctx, endpoints.projectCatalogue, (project) => ({
  project,
  loggedInUserId: 1,
}));

let serial = 0;
const projectInput = (overrides: object = {}) => ({
  projectId: `P-${++serial}`,
  contractorCompanyId: acme.id,
  jobSite: '1 Pit Rd',
  ...overrides,
});
/** Saves travel as {project, loggedInUserId}. */
const save = (method: 'POST' | 'PUT', project: object, headers = ctx.admin) =>
  call(method, method === 'POST' ? '/api/project/new' : '/api/project/edit', headers, {
    project,
    loggedInUserId: 1,
  });
const createProject = async (overrides: object = {}): Promise<Project> => {
  const response = await save('POST', projectInput(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Project>();
};
const editProject = async (project: object): Promise<Project> => {
  const response = await save('PUT', project);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Project>();
};
// Unpaged, the list is an array (the typed client's answer is either shape).
const all = async (headers = ctx.admin): Promise<Project[]> =>
  (await call('GET', '/api/project/all', headers)).json();
const logOf = (id: number) => client(endpoints.getProjectLogsById, { params: { id } }, ctx.admin);
const createContact = (companyId: number, name: string, number: string) =>
  client(
    endpoints.contractorContactCatalogue.create,
    {
      body: { contractorCompanyId: companyId, contractorContact: { name, number, isSiteContact: true } },
    },
    ctx.admin,
  );
/** The record the project stream holds: what the log's data objects serialise. */
const storedRecord = (project: Project) => ({
  id: project.id,
  projectId: project.projectId,
  contractorCompanyId: project.contractorCompanyId,
  jobSite: project.jobSite,
  siteContactId: project.siteContactId,
  officeContactId: project.officeContactId,
  materialTypeId: project.materialTypeId,
  isSoilFLOProject: project.isSoilFLOProject,
  approved: project.approved,
  overThreshold: project.overThreshold,
  saltImpacted: project.saltImpacted,
  notes: project.notes,
});

describe('projects', () => {
  it('create, get, list, edit and delete round-trip the saved project with id, version and names', async () => {
    const site = await createContact(acme.id, 'Sid Site', '(416)555-0101');
    const office = await createContact(acme.id, 'Olga Office', '(416)555-0102');
    const type = (
      await call('POST', '/api/scale/material/type/new', ctx.admin, { name: 'Clean fill' })
    ).json();
    const created = await save('POST', {
      projectId: ' P-ROUND ',
      contractorCompanyId: acme.id,
      jobSite: ' 12 Quarry Rd ',
      siteContactId: site.id,
      officeContactId: office.id,
      materialTypeId: type.id,
      isSoilFLOProject: true,
      approved: 2500.5,
      overThreshold: false,
      saltImpacted: true,
      notes: 'Gate code 1234',
    });
    expect(created.statusCode, created.body).toBe(200);
    const saved = created.json<Project>();
    expect(saved).toEqual({
      id: expect.any(Number),
      version: 1,
      projectId: 'P-ROUND',
      contractorCompanyId: acme.id,
      contractorCompanyName: 'Acme Earthworks',
      jobSite: '12 Quarry Rd',
      siteContactId: site.id,
      siteContactName: 'Sid Site',
      siteContactNumber: '(416)555-0101',
      officeContactId: office.id,
      officeContactName: 'Olga Office',
      officeContactNumber: '(416)555-0102',
      materialTypeId: type.id,
      materialTypeName: 'Clean fill',
      isSoilFLOProject: true,
      ticketsSold: 0,
      approved: 2500.5,
      overThreshold: false,
      saltImpacted: true,
      notes: 'Gate code 1234',
    });

    expect((await call('GET', `/api/project/${saved.id}`, ctx.admin)).json()).toEqual(saved);
    expect(await all()).toContainEqual(saved);
    expect((await call('GET', `/api/project/contractor/${acme.id}`, ctx.admin)).json()).toContainEqual(saved);

    const edited = await save('PUT', { ...saved, jobSite: '14 Quarry Rd', officeContactId: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({
      ...saved,
      jobSite: '14 Quarry Rd',
      officeContactId: null,
      officeContactName: null,
      officeContactNumber: null,
      version: 2,
    });
    expect((await call('GET', `/api/project/${saved.id}`, ctx.admin)).json()).toEqual(edited.json());

    await checks.expectDeleted(saved.id);
    expect((await all()).map((p) => p.id)).not.toContain(saved.id);
  });

  it('an edit that changes nothing keeps the version and adds no log entry', async () => {
    const saved = await createProject();
    expect(await editProject({ ...saved })).toEqual(saved);
    expect(await logOf(saved.id)).toHaveLength(1);
  });

  it.each([
    [{ projectId: '' }, 'projectId', 'Project ID is required'],
    [{ projectId: '   ' }, 'projectId', 'Project ID is required'],
    [{ jobSite: '' }, 'jobSite', 'Job site is required'],
    [{ contractorCompanyId: 0 }, 'contractorCompanyId', 'Please select a contractor'],
    [{ contractorCompanyId: null }, 'contractorCompanyId', 'Contractor is required'],
  ])('refuses %o with 400 on %s: %s', async (change, field, message) => {
    const response = await save('POST', projectInput(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
  });

  it('creates nothing when refused', async () => {
    const before = (await all()).length;
    for (const change of [{ projectId: '' }, { jobSite: '' }, { contractorCompanyId: 0 }]) {
      expect((await save('POST', projectInput(change))).statusCode).toBe(400);
    }
    expect((await save('POST', {})).json().errors).toEqual({
      projectId: 'Project ID is required',
      contractorCompanyId: 'Contractor is required',
      jobSite: 'Job site is required',
    });
    expect((await call('POST', '/api/project/new', ctx.admin, {})).statusCode).toBe(400);
    expect((await all()).length).toBe(before);
  });

  it('refuses references that do not hold, with 400 per field', async () => {
    const foreign = await createContact(other.id, 'Fred Foreign', '(416)555-0199');
    const unknownCompany = await save('POST', projectInput({ contractorCompanyId: 999999 }));
    expect(unknownCompany.statusCode).toBe(400);
    expect(unknownCompany.json()).toEqual({
      message: 'Contractor company not found.',
      errors: { contractorCompanyId: 'Contractor company not found.' },
    });
    const foreignContact = await save(
      'POST',
      projectInput({ siteContactId: foreign.id, officeContactId: 999999 }),
    );
    expect(foreignContact.statusCode).toBe(400);
    expect(foreignContact.json()).toEqual({
      message: 'Choose a contact of this contractor',
      errors: {
        siteContactId: 'Choose a contact of this contractor',
        officeContactId: 'Choose a contact of this contractor',
      },
    });
    const unknownType = await save('POST', projectInput({ materialTypeId: 999999 }));
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json()).toEqual({
      message: 'Material type not found.',
      errors: { materialTypeId: 'Material type not found.' },
    });
  });

  it('validates edits with the spec messages and keeps the project', async () => {
    const saved = await createProject();
    await checks.expectEditRefused(saved, { jobSite: ' ' }, 'jobSite', 'Job site is required');
  });

  it('refuses a stale version with 409', async () => {
    const saved = await createProject();
    await checks.expectStaleEditRefused(saved, { jobSite: 'Newer' }, { jobSite: 'Older' });
  });

  it('answers 404 for unknown ids', async () => {
    await checks.expectNotFound(999999, 'Project not found.', projectInput());
  });

  it("lists by contractor: only that company's projects", async () => {
    const mine = await createProject({ contractorCompanyId: other.id });
    const listed = (await call('GET', `/api/project/contractor/${other.id}`, ctx.admin)).json<Project[]>();
    expect(listed).toContainEqual(mine);
    expect(listed.every((p) => p.contractorCompanyId === other.id)).toBe(true);
    expect((await call('GET', '/api/project/contractor/999999', ctx.admin)).json()).toEqual([]);
  });

  it("saving requires a logged-in user: without a token it is 401 'User must be logged in.'", async () => {
    const saved = await createProject();
    const before = await all();
    for (const [method, url, project] of [
      ['POST', '/api/project/new', projectInput()],
      ['PUT', '/api/project/edit', { ...saved, jobSite: 'Anonymous Pit' }],
    ] as const) {
      const response = await call(method, url, {}, { project, loggedInUserId: 1 });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'User must be logged in.' });
    }
    expect(await all()).toEqual(before);
  });

  it('standard users read (200) but every write and the log are 403, changing nothing', async () => {
    const saved = await createProject();
    expect(await all(ctx.standard)).toContainEqual(saved);
    expect((await call('GET', `/api/project/${saved.id}`, ctx.standard)).json()).toEqual(saved);
    expect((await call('GET', `/api/project/contractor/${acme.id}`, ctx.standard)).statusCode).toBe(200);
    const before = (await all()).length;
    await expectForbidden([
      save('POST', projectInput(), ctx.standard),
      save('PUT', { ...saved, jobSite: 'Sneaky' }, ctx.standard),
      call('DELETE', `/api/project/${saved.id}`, ctx.standard),
      // The log is an administrator's screen (contractor company page).
      call('GET', `/api/project/logs/${saved.id}`, ctx.standard),
    ]);
    expect((await all()).length).toBe(before);
    expect((await call('GET', `/api/project/${saved.id}`, ctx.admin)).json()).toEqual(saved);
  });

  it('standard users get 403 on writes even when the save is invalid', async () => {
    expect((await save('POST', {}, ctx.standard)).statusCode).toBe(403);
  });

  it('read-your-writes: every created project is in the very next list, 20 rounds without retry', async () => {
    await expectReadYourWrites((round) => createProject({ jobSite: `RYW ${round}` }), all);
  });
});

describe('project log', () => {
  it('create then two edits: 3 entries, newest first, by the administrator, with before and after', async () => {
    const users = (await call('GET', '/api/user/all', ctx.admin)).json<
      { username: string; firstName: string; lastName: string }[]
    >();
    const me = users.find((u) => u.username === testAdmin.username);
    expect(me).toBeDefined();

    // loggedInUserId in the body is not trusted: the log names the token's user.
    const created = await call('POST', '/api/project/new', ctx.admin, {
      project: projectInput({ jobSite: 'Site 1' }),
      loggedInUserId: 999,
    });
    expect(created.statusCode, created.body).toBe(200);
    const v1 = created.json<Project>();
    const v2 = await editProject({ ...v1, jobSite: 'Site 2' });
    const v3 = await editProject({ ...v2, approved: 300, overThreshold: true });

    const log = await logOf(v1.id);
    expect(log).toHaveLength(3);
    for (const entry of log) {
      expect(entry).toMatchObject({
        username: testAdmin.username,
        firstName: me?.firstName,
        lastName: me?.lastName,
      });
      expect(new Date(entry.date).toISOString()).toBe(entry.date);
    }
    expect(log[0]?.id).toBeGreaterThan(log[1]?.id ?? Infinity);
    expect(log[1]?.id).toBeGreaterThan(log[2]?.id ?? Infinity);
    const parse = (json: string | null | undefined) => (json == null ? json : JSON.parse(json));
    const [newest, middle, oldest] = log;
    expect(parse(oldest?.currentDataObject)).toBeNull();
    expect(parse(oldest?.updatedDataObject)).toEqual(storedRecord(v1));
    expect(parse(middle?.currentDataObject)).toEqual(storedRecord(v1));
    expect(parse(middle?.updatedDataObject)).toEqual(storedRecord(v2));
    expect(parse(newest?.currentDataObject)).toEqual(storedRecord(v2));
    expect(parse(newest?.updatedDataObject)).toEqual(storedRecord(v3));
    expect(parse(newest?.updatedDataObject)).toMatchObject({
      jobSite: 'Site 2',
      approved: 300,
      overThreshold: true,
    });
    expect(parse(middle?.currentDataObject)).toMatchObject({ jobSite: 'Site 1' });

    // Deleting adds an entry whose after is empty; the log outlives the project.
    expect((await call('DELETE', `/api/project/${v1.id}`, ctx.admin)).statusCode).toBe(204);
    const afterDelete = await logOf(v1.id);
    expect(afterDelete).toHaveLength(4);
    expect(parse(afterDelete[0]?.currentDataObject)).toEqual(storedRecord(v3));
    expect(afterDelete[0]?.updatedDataObject).toBeNull();
  });

  it('is empty for a project that never existed', async () => {
    expect(await logOf(999999)).toEqual([]);
  });
});
