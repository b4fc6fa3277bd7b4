import { catalogueChecks } from '@portal/api/test/catalogue-kit';
import { injector, useTestPortal } from '@portal/api/test/portal';
import {
  type ContractorCompany,
  type ContractorCompanySearch,
  type ContractorContact,
  endpoints,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';

const ctx = useTestPortal({ standardUser: true });

const forbidden = 'You do not have permission to do this.';

const call = injector(() => ctx.portal);
const companyChecks = catalogueChecks(ctx, endpoints.contractorCompanyCatalogue);
/** The checks of the contacts of `companyId`, whose saves travel in {contractorCompanyId, contractorContact}. */
const contactChecks = (companyId: number) =>
  catalogueChecks(ctx, endpoints.contractorContactCatalogue, (contact) => ({
    contractorCompanyId: companyId,
    contractorContact: contact,
  }));

const createCompany = async (name: string): Promise<ContractorCompany> => {
  const response = await call('POST', '/api/contractorcompany/new', ctx.admin, { name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContractorCompany>();
};
const companies = async (query = '', headers = ctx.admin): Promise<ContractorCompanySearch> => {
  const response = await call('GET', `/api/contractorcompany/all${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContractorCompanySearch>();
};
const contactInput = (overrides: Partial<ContractorContact> = {}) => ({
  name: 'Carla Site',
  number: '(416)555-0101',
  email: 'carla@acme.test',
  isOfficeContact: false,
  isSiteContact: true,
  ...overrides,
});
const createContact = async (
  companyId: number,
  overrides: Partial<ContractorContact> = {},
): Promise<ContractorContact> => {
  const response = await call('POST', '/api/contractorcontact/new', ctx.admin, {
    contractorCompanyId: companyId,
    contractorContact: contactInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContractorContact>();
};
const contacts = async (contractorCompanyId?: number): Promise<ContractorContact[]> => {
  const response = await call('POST', '/api/contractorcontact/all', ctx.admin, { contractorCompanyId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContractorContact[]>();
};
const createProject = async (contractorCompanyId: number, overrides: object = {}) => {
  const response = await call('POST', '/api/project/new', ctx.admin, {
    project: {
      projectId: `P-${Math.random().toString(36).slice(2, 8)}`,
      contractorCompanyId,
      jobSite: '1 Pit Rd',
      ...overrides,
    },
    loggedInUserId: 1,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number; version: number } & Record<string, unknown>>();
};

describe('contractor companies', () => {
  it('create, get, list, edit and delete round-trip the saved company with id and version', async () => {
    const created = await call('POST', '/api/contractorcompany/new', ctx.admin, {
      name: ' Acme Earthworks ',
    });
    expect(created.statusCode).toBe(200);
    const saved = created.json<ContractorCompany>();
    expect(saved).toEqual({ id: expect.any(Number), name: 'Acme Earthworks', version: 1 });

    expect((await call('GET', `/api/contractorcompany/${saved.id}`, ctx.admin)).json()).toEqual(saved);
    const listed = await companies();
    expect(listed).toEqual({
      contractorCompanies: expect.arrayContaining([saved]),
      contractorIdsThatAreOverThreshold: expect.any(Array),
    });

    const edited = await call('PUT', '/api/contractorcompany/edit', ctx.admin, {
      ...saved,
      name: 'Acme Earthworks Inc',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ id: saved.id, name: 'Acme Earthworks Inc', version: 2 });
    expect((await companies()).contractorCompanies).toContainEqual(edited.json());

    const removed = await call('DELETE', `/api/contractorcompany/${saved.id}`, ctx.admin);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/api/contractorcompany/${saved.id}`, ctx.admin)).statusCode).toBe(404);
    expect((await companies()).contractorCompanies.map((c) => c.id)).not.toContain(saved.id);
  });

  it('an edit that changes nothing keeps the version', async () => {
    const saved = await createCompany('Unchanged Ltd');
    const edited = await call('PUT', '/api/contractorcompany/edit', ctx.admin, { ...saved });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual(saved);
  });

  it.each([{}, { name: '' }, { name: '   ' }])(
    'refuses %o with 400 Company name is required, creating nothing',
    async (payload) => {
      const before = (await companies()).contractorCompanies.length;
      const response = await call('POST', '/api/contractorcompany/new', ctx.admin, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Company name is required',
        errors: { name: 'Company name is required' },
      });
      expect((await companies()).contractorCompanies.length).toBe(before);
    },
  );

  it('refuses a blank name on edit and keeps the company', async () => {
    const saved = await createCompany('Keep Name Ltd');
    const response = await call('PUT', '/api/contractorcompany/edit', ctx.admin, { ...saved, name: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ name: 'Company name is required' });
    expect((await call('GET', `/api/contractorcompany/${saved.id}`, ctx.admin)).json()).toEqual(saved);
  });

  it('refuses a stale version with 409', async () => {
    const saved = await createCompany('Versioned Ltd');
    await companyChecks.expectStaleEditRefused(saved, { name: 'V2 Ltd' }, { name: 'V3 Ltd' });
  });

  it('answers 404 for unknown and deleted ids', async () => {
    const gone = await createCompany('Gone Ltd');
    expect((await call('DELETE', `/api/contractorcompany/${gone.id}`, ctx.admin)).statusCode).toBe(204);
    for (const id of [999999, gone.id])
      await companyChecks.expectNotFound(id, 'Contractor company not found.', { name: 'Ghost' });
  });

  it('?name= is a case-insensitive "contains"', async () => {
    const mixed = await createCompany('Search MixedCase Haulers');
    const upper = await createCompany('SEARCH-TOKEN UPPER');
    const other = await createCompany('Unrelated Diggers');
    const found = (await companies('?name=mixedcase')).contractorCompanies;
    expect(found).toEqual([mixed]);
    const token = (await companies(`?name=${encodeURIComponent('  sEaRcH ')}`)).contractorCompanies;
    expect(token.map((c) => c.id).sort()).toEqual([mixed.id, upper.id].sort());
    expect((await companies('?name=zzz-no-match')).contractorCompanies).toEqual([]);
    // An empty filter lists everything.
    expect((await companies('?name=')).contractorCompanies.map((c) => c.id)).toContain(other.id);
  });

  it('?name= treats % and _ as plain characters, not wildcards', async () => {
    const underscore = await createCompany('Under_score Ltd');
    const percent = await createCompany('100% Fill');
    await createCompany('Plain Name Ltd');
    expect((await companies('?name=_')).contractorCompanies).toEqual([underscore]);
    expect((await companies(`?name=${encodeURIComponent('%')}`)).contractorCompanies).toEqual([percent]);
  });

  it('lists companies sorted by name', async () => {
    const names = (await companies()).contractorCompanies.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('refuses to delete a company with contacts (409 naming them) and keeps it', async () => {
    const company = await createCompany('Has Contacts Ltd');
    await createContact(company.id, { name: 'First' });
    await createContact(company.id, { name: 'Second' });
    const response = await call('DELETE', `/api/contractorcompany/${company.id}`, ctx.admin);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This contractor company is still used by 2 contacts. Remove or move them first.',
    });
    expect((await call('GET', `/api/contractorcompany/${company.id}`, ctx.admin)).json()).toEqual(company);
  });

  it('refuses to delete a company with a project and contacts (409 naming both) and keeps it', async () => {
    const company = await createCompany('Has Everything Ltd');
    await createContact(company.id);
    await createContact(company.id, { name: 'Olga Office', isOfficeContact: true, isSiteContact: false });
    const project = await createProject(company.id);
    const response = await call('DELETE', `/api/contractorcompany/${company.id}`, ctx.admin);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message:
        'This contractor company is still used by 1 project and 2 contacts. Remove or move them first.',
    });
    expect((await call('GET', `/api/contractorcompany/${company.id}`, ctx.admin)).json()).toEqual(company);

    // Once the project and contacts are gone, the company can go.
    expect((await call('DELETE', `/api/project/${project.id}`, ctx.admin)).statusCode).toBe(204);
    for (const contact of await contacts(company.id)) {
      expect((await call('DELETE', `/api/contractorcontact/${contact.id}`, ctx.admin)).statusCode).toBe(204);
    }
    expect((await call('DELETE', `/api/contractorcompany/${company.id}`, ctx.admin)).statusCode).toBe(204);
  });

  it('contractorIdsThatAreOverThreshold holds a company exactly when one of its projects is over threshold', async () => {
    const a = await createCompany('Threshold A');
    const b = await createCompany('Threshold B');
    const c = await createCompany('Threshold C');
    const overA = await createProject(a.id, { overThreshold: true });
    await createProject(a.id, { overThreshold: false });
    const underB = await createProject(b.id, { overThreshold: false });
    const flagged = async () => (await companies()).contractorIdsThatAreOverThreshold;

    let ids = await flagged();
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(ids).not.toContain(c.id);
    expect(ids.filter((id) => id === a.id)).toHaveLength(1);

    // A filtered list still flags over-threshold companies.
    expect((await companies('?name=threshold b')).contractorIdsThatAreOverThreshold).toContain(a.id);

    const cleared = await call('PUT', '/api/project/edit', ctx.admin, {
      project: { ...overA, overThreshold: false },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const raised = await call('PUT', '/api/project/edit', ctx.admin, {
      project: { ...underB, overThreshold: true },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    ids = await flagged();
    expect(ids).not.toContain(a.id);
    expect(ids).toContain(b.id);

    expect((await call('DELETE', `/api/project/${underB.id}`, ctx.admin)).statusCode).toBe(204);
    expect(await flagged()).not.toContain(b.id);
  });

  it('standard users read (200) but every write is 403 and changes nothing', async () => {
    const saved = await createCompany('Read Only Ltd');
    expect((await call('GET', '/api/contractorcompany/all', ctx.standard)).statusCode).toBe(200);
    expect((await call('GET', `/api/contractorcompany/${saved.id}`, ctx.standard)).json()).toEqual(saved);
    const before = (await companies()).contractorCompanies.length;
    for (const response of await Promise.all([
      call('POST', '/api/contractorcompany/new', ctx.standard, { name: 'Sneaky' }),
      call('PUT', '/api/contractorcompany/edit', ctx.standard, { ...saved, name: 'Sneaky' }),
      call('DELETE', `/api/contractorcompany/${saved.id}`, ctx.standard),
    ])) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: forbidden });
    }
    expect((await companies()).contractorCompanies.length).toBe(before);
    expect((await call('GET', `/api/contractorcompany/${saved.id}`, ctx.admin)).json()).toEqual(saved);
  });

  it('needs a token', async () => {
    expect((await call('GET', '/api/contractorcompany/all', {})).statusCode).toBe(401);
    expect((await call('POST', '/api/contractorcompany/new', {}, { name: 'Anon' })).statusCode).toBe(401);
  });

  it('read-your-writes: every created company is in the very next list, 20 rounds without retry', async () => {
    for (let round = 0; round < 20; round++) {
      const saved = await createCompany(`RYW Company ${round}`);
      expect((await companies()).contractorCompanies).toContainEqual(saved);
    }
  });
});

describe('contractor contacts', () => {
  it('travel in {contractorCompanyId, contractorContact} and round-trip with id, version and company name', async () => {
    const company = await createCompany('Contact Home Ltd');
    const created = await call('POST', '/api/contractorcontact/new', ctx.admin, {
      contractorCompanyId: company.id,
      contractorContact: contactInput({ name: ' Carla Site ', email: 'carla@acme.test' }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const saved = created.json<ContractorContact>();
    expect(saved).toEqual({
      id: expect.any(Number),
      contractorCompanyId: company.id,
      contractorCompanyName: 'Contact Home Ltd',
      name: 'Carla Site',
      number: '(416)555-0101',
      email: 'carla@acme.test',
      isOfficeContact: false,
      isSiteContact: true,
      version: 1,
    });
    expect((await call('GET', `/api/contractorcontact/${saved.id}`, ctx.admin)).json()).toEqual(saved);
    expect(await contacts(company.id)).toEqual([saved]);

    const edited = await call('PUT', '/api/contractorcontact/edit', ctx.admin, {
      contractorCompanyId: company.id,
      contractorContact: { ...saved, name: 'Carla Office', isOfficeContact: true, email: '' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({
      ...saved,
      name: 'Carla Office',
      isOfficeContact: true,
      email: null,
      version: 2,
    });
    expect(await contacts(company.id)).toEqual([edited.json()]);

    expect((await call('DELETE', `/api/contractorcontact/${saved.id}`, ctx.admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/contractorcontact/${saved.id}`, ctx.admin)).statusCode).toBe(404);
    expect(await contacts(company.id)).toEqual([]);
  });

  it('an edit that changes nothing keeps the version', async () => {
    const company = await createCompany('Steady Contacts Ltd');
    const saved = await createContact(company.id);
    const edited = await call('PUT', '/api/contractorcontact/edit', ctx.admin, {
      contractorCompanyId: company.id,
      contractorContact: saved,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual(saved);
  });

  it("list every contact without a company, and only the company's with one", async () => {
    const one = await createCompany('Contacts One');
    const two = await createCompany('Contacts Two');
    const a = await createContact(one.id, { name: 'A' });
    const b = await createContact(two.id, { name: 'B' });
    expect(await contacts(one.id)).toEqual([a]);
    expect(await contacts(two.id)).toEqual([b]);
    const everyone = await contacts();
    expect(everyone).toContainEqual(a);
    expect(everyone).toContainEqual(b);
  });

  it.each([
    [{ name: '' }, 'name', 'Contact name is required'],
    [{ number: '' }, 'number', 'Contact number is required'],
    [{ number: '416-555-0101' }, 'number', 'Phone number is not valid'],
    [{ number: '(416) 555-0101' }, 'number', 'Phone number is not valid'],
  ])('refuses %o with 400 on %s: %s, creating nothing', async (change, field, message) => {
    const company = await createCompany(`Validation ${field} ${crypto.randomUUID().slice(0, 6)}`);
    const before = (await contacts()).length;
    const response = await call('POST', '/api/contractorcontact/new', ctx.admin, {
      contractorCompanyId: company.id,
      contractorContact: contactInput(change),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
    expect((await contacts()).length).toBe(before);
  });

  it('refuses a contact of an unknown company, creating nothing', async () => {
    const before = (await contacts()).length;
    const response = await call('POST', '/api/contractorcontact/new', ctx.admin, {
      contractorCompanyId: 999999,
      contractorContact: contactInput(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Contractor company not found.',
      errors: { contractorCompanyId: 'Contractor company not found.' },
    });
    expect((await contacts()).length).toBe(before);
  });

  it('validates edits with the spec messages and keeps the contact', async () => {
    const company = await createCompany('Edit Validation Ltd');
    const saved = await createContact(company.id);
    const response = await call('PUT', '/api/contractorcontact/edit', ctx.admin, {
      contractorCompanyId: company.id,
      contractorContact: { ...saved, number: '5550101' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Phone number is not valid',
      errors: { number: 'Phone number is not valid' },
    });
    expect((await call('GET', `/api/contractorcontact/${saved.id}`, ctx.admin)).json()).toEqual(saved);
  });

  it('refuses a stale version with 409', async () => {
    const company = await createCompany('Stale Contacts Ltd');
    const saved = await createContact(company.id);
    await contactChecks(company.id).expectStaleEditRefused(saved, { name: 'Newer' }, { name: 'Older' });
  });

  it('answers 404 for unknown ids', async () => {
    const company = await createCompany('Ghost Contacts Ltd');
    await contactChecks(company.id).expectNotFound(999999, 'Contractor contact not found.', contactInput());
  });

  it('refuses to delete a contact a project names as site or office contact', async () => {
    const company = await createCompany('Named Contacts Ltd');
    const site = await createContact(company.id, { name: 'Sid Site' });
    const office = await createContact(company.id, { name: 'Olga Office', isOfficeContact: true });
    await createProject(company.id, { siteContactId: site.id, officeContactId: office.id });
    await createProject(company.id, { siteContactId: site.id });
    const refused = await call('DELETE', `/api/contractorcontact/${site.id}`, ctx.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This contractor contact is still used by 2 projects. Remove or move them first.',
    });
    expect((await call('DELETE', `/api/contractorcontact/${office.id}`, ctx.admin)).json()).toEqual({
      message: 'This contractor contact is still used by 1 project. Remove or move them first.',
    });
    expect((await call('GET', `/api/contractorcontact/${site.id}`, ctx.admin)).json()).toEqual(site);
  });

  it('standard users read (200) but every write is 403 and changes nothing', async () => {
    const company = await createCompany('Read Only Contacts Ltd');
    const saved = await createContact(company.id);
    const list = await call('POST', '/api/contractorcontact/all', ctx.standard, {
      contractorCompanyId: company.id,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([saved]);
    expect((await call('GET', `/api/contractorcontact/${saved.id}`, ctx.standard)).json()).toEqual(saved);
    for (const response of await Promise.all([
      call('POST', '/api/contractorcontact/new', ctx.standard, {
        contractorCompanyId: company.id,
        contractorContact: contactInput(),
      }),
      call('PUT', '/api/contractorcontact/edit', ctx.standard, {
        contractorCompanyId: company.id,
        contractorContact: { ...saved, name: 'Sneaky' },
      }),
      call('DELETE', `/api/contractorcontact/${saved.id}`, ctx.standard),
    ])) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: forbidden });
    }
    expect(await contacts(company.id)).toEqual([saved]);
  });

  it('read-your-writes: every created contact is in the very next list, 20 rounds without retry', async () => {
    const company = await createCompany('RYW Contacts Ltd');
    for (let round = 0; round < 20; round++) {
      const saved = await createContact(company.id, { name: `RYW ${round}` });
      expect(await contacts(company.id)).toContainEqual(saved);
    }
  });
});
