import { catalogueChecks } from '@portal/api/test/catalogue-kit';
import { companyCatalogueTests, contactCatalogue } from '@portal/api/test/company-catalogue';
import { clientOfPortal, injector, useTestPortal } from '@portal/api/test/portal';
import { type ContractorCompany, type ContractorContact, endpoints } from '@portal/contract';
import { describe, expect, it } from 'vitest';

const ctx = useTestPortal({ standardUser: true });

const call = injector(() => ctx.portal);
const client = clientOfPortal(() => ctx.portal);
const companyChecks = catalogueChecks(ctx, endpoints.contractorCompanyCatalogue);

const createCompany = (name: string) =>
  client(endpoints.contractorCompanyCatalogue.create, { body: { name } }, ctx.admin);
const companies = (name?: string, headers = ctx.admin) =>
  client(endpoints.getContractorcompanyAll, { query: name === undefined ? {} : { name } }, headers);
const contactInput = (overrides: Partial<ContractorContact> = {}) => ({
  name: 'Carla Site',
  number: '(416)555-0101',
  email: 'carla@acme.test',
  isOfficeContact: false,
  isSiteContact: true,
  ...overrides,
});
/** Contacts travel in {contractorCompanyId, contractorContact}. */
const contactsOfCompanies = contactCatalogue<ContractorContact>(ctx, {
  company: 'contractor',
  calls: endpoints.contractorContactCatalogue,
  list: endpoints.postContractorcontactAll,
  contactInput,
  createCompany,
});
const { createContact, contacts } = contactsOfCompanies;
const createProject = (contractorCompanyId: number, overrides: object = {}) =>
  client(
    endpoints.projectCatalogue.create,
    {
      body: {
        project: {
          projectId: `P-${Math.random().toString(36).slice(2, 8)}`,
          contractorCompanyId,
          jobSite: '1 Pit Rd',
          ...overrides,
        },
        loggedInUserId: 1,
      },
    },
    ctx.admin,
  );

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

  it('refuses a blank name on edit and keeps the company', async () => {
    const saved = await createCompany('Keep Name Ltd');
    await companyChecks.expectEditRefused(saved, { name: '' }, 'name', 'Company name is required');
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
    const found = (await companies('mixedcase')).contractorCompanies;
    expect(found).toEqual([mixed]);
    const token = (await companies('  sEaRcH ')).contractorCompanies;
    expect(token.map((c) => c.id).sort()).toEqual([mixed.id, upper.id].sort());
    expect((await companies('zzz-no-match')).contractorCompanies).toEqual([]);
    // An empty filter lists everything.
    expect((await companies('')).contractorCompanies.map((c) => c.id)).toContain(other.id);
  });

  it('?name= treats % and _ as plain characters, not wildcards', async () => {
    const underscore = await createCompany('Under_score Ltd');
    const percent = await createCompany('100% Fill');
    await createCompany('Plain Name Ltd');
    expect((await companies('_')).contractorCompanies).toEqual([underscore]);
    expect((await companies('%')).contractorCompanies).toEqual([percent]);
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
    expect((await companies('threshold b')).contractorIdsThatAreOverThreshold).toContain(a.id);

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
    await companyChecks.expectReadOnlyToStandardUsers(saved, {
      count: async () => (await companies()).contractorCompanies.length,
      writes: () => [
        call('POST', '/api/contractorcompany/new', ctx.standard, { name: 'Sneaky' }),
        call('PUT', '/api/contractorcompany/edit', ctx.standard, { ...saved, name: 'Sneaky' }),
        call('DELETE', `/api/contractorcompany/${saved.id}`, ctx.standard),
      ],
    });
  });

  it('needs a token', async () => {
    expect((await call('GET', '/api/contractorcompany/all', {})).statusCode).toBe(401);
    expect((await call('POST', '/api/contractorcompany/new', {}, { name: 'Anon' })).statusCode).toBe(401);
  });

  companyCatalogueTests(ctx, {
    calls: endpoints.contractorCompanyCatalogue,
    createCompany,
    companies: async () => (await companies()).contractorCompanies,
    listed: (saved) => saved,
  });
});

describe('contractor contacts', () => {
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

  contactsOfCompanies.declareTests({
    companyNotFound: 'Contractor company not found.',
    contactNotFound: 'Contractor contact not found.',
    invalidNumbers: ['416-555-0101', '(416) 555-0101'],
    roundTrip: {
      companyName: 'Contact Home Ltd',
      sent: { name: ' Carla Site ' },
      saved: {
        name: 'Carla Site',
        number: '(416)555-0101',
        email: 'carla@acme.test',
        isOfficeContact: false,
        isSiteContact: true,
      },
      edit: { name: 'Carla Office', isOfficeContact: true, email: '' },
      edited: { name: 'Carla Office', isOfficeContact: true, email: null },
    },
  });
});
