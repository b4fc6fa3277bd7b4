import type { Endpoint } from '@portal/contract';
import { expect, it } from 'vitest';
import {
  type CatalogueCalls,
  catalogueChecks,
  declaredSender,
  expectForbidden,
  expectReadYourWrites,
  expectRefusedCreatingNothing,
  okAnswer,
} from './catalogue-kit';
import type { Headers, PortalTest } from './portal';

/** A company catalogue (contractors', haulage companies'): how it is reached and how it lists a company. */
export interface CompanyCatalogue<Company extends { id: number }> {
  calls: CatalogueCalls;
  createCompany(name: string): Promise<Company>;
  /** Every company, as the administrator's list shows them. */
  companies(): Promise<unknown[]>;
  /** How the list shows a saved company. */
  listed(saved: Company): unknown;
}

/** The tests every company catalogue passes, declared in the caller's `describe`. */
export function companyCatalogueTests<Company extends { id: number }>(
  test: PortalTest,
  { calls, createCompany, companies, listed }: CompanyCatalogue<Company>,
) {
  const send = declaredSender(test);
  const checks = catalogueChecks(test, calls);

  it('an edit that changes nothing keeps the version', async () => {
    await checks.expectUnchangedEditKeepsVersion(await createCompany('Unchanged Company'));
  });

  it.each([{}, { name: '' }, { name: '   ' }])(
    'refuses %o with 400 Company name is required, creating nothing',
    async (payload) => {
      await expectRefusedCreatingNothing(
        async () => (await companies()).length,
        () => send(calls.create, { body: payload }),
        'name',
        'Company name is required',
      );
    },
  );

  it('read-your-writes: every created company is in the very next list, 20 rounds without retry', async () => {
    await expectReadYourWrites((round) => createCompany(`RYW Company ${round}`), companies, listed);
  });
}

/** A company's contacts catalogue (a contractor's, a haulage company's). */
interface ContactCatalogue {
  /** Whose contacts: a save travels in `{{company}CompanyId, {company}Contact}`. */
  company: 'contractor' | 'transport';
  calls: CatalogueCalls;
  /** The list of contacts, every one or a company's (`POST /api/{company}contact/all`). */
  list: Endpoint;
  /** A valid contact, changed by `overrides`. */
  contactInput(overrides?: object): object;
  createCompany(name: string): Promise<{ id: number }>;
}

/** What the shared contact tests expect beyond the catalogue: its messages and its refused numbers. */
interface ContactCatalogueAnswers {
  companyNotFound: string;
  contactNotFound: string;
  /** Contact numbers refused as 'Phone number is not valid'. */
  invalidNumbers: string[];
  /**
   * One contact's round trip: saved from `sent` (over the valid input) in a company named `companyName` as
   * `saved` (its fields beside id, company and version), then edited by `edit`, which is saved as `edited`.
   */
  roundTrip: { companyName: string; sent: object; saved: object; edit: object; edited: object };
}

/**
 * The calls of a contacts catalogue, as the administrator unless told, and `declareTests` for the
 * tests every contacts catalogue passes.
 */
export function contactCatalogue<Contact extends { id: number; version: number }>(
  test: PortalTest,
  catalogue: ContactCatalogue,
) {
  const send = declaredSender(test);
  const { calls } = catalogue;
  const companyField = `${catalogue.company}CompanyId`;
  const envelope = (companyId: number, contact: object) => ({
    [companyField]: companyId,
    [`${catalogue.company}Contact`]: contact,
  });
  const createContact = async (companyId: number, overrides: object = {}): Promise<Contact> =>
    okAnswer(await send(calls.create, { body: envelope(companyId, catalogue.contactInput(overrides)) }));
  /** Every contact, or those of `companyId`. */
  const contacts = async (companyId?: number, headers: Headers = test.admin): Promise<Contact[]> =>
    okAnswer(await send(catalogue.list, { body: { [companyField]: companyId } }, headers));
  /** The catalogue checks of the contacts of `companyId`. */
  const checks = (companyId: number) =>
    catalogueChecks(test, catalogue.calls, (contact) => envelope(companyId, contact));

  /** Declares the tests every contacts catalogue passes in the caller's `describe`. */
  const declareTests = ({
    companyNotFound,
    contactNotFound,
    invalidNumbers,
    roundTrip,
  }: ContactCatalogueAnswers) => {
    const { createCompany } = catalogue;
    const count = async () => (await contacts()).length;
    const create = (headers: Headers, companyId: number, change: object = {}) =>
      send(calls.create, { body: envelope(companyId, catalogue.contactInput(change)) }, headers);

    it(`travel in {${companyField}, ${catalogue.company}Contact} and round-trip with id, version and company name`, async () => {
      const company = await createCompany(roundTrip.companyName);
      const saved: Contact = okAnswer(await create(test.admin, company.id, roundTrip.sent));
      expect(saved).toEqual({
        id: expect.any(Number),
        [companyField]: company.id,
        [`${catalogue.company}CompanyName`]: roundTrip.companyName,
        ...roundTrip.saved,
        version: 1,
      });
      expect(okAnswer(await send(calls.read, { params: { id: saved.id } }))).toEqual(saved);
      expect(await contacts(company.id)).toEqual([saved]);

      const edited = okAnswer(
        await send(calls.edit, { body: envelope(company.id, { ...saved, ...roundTrip.edit }) }),
      );
      expect(edited).toEqual({ ...saved, ...roundTrip.edited, version: 2 });
      expect(await contacts(company.id)).toEqual([edited]);

      await checks(company.id).expectDeleted(saved.id);
      expect(await contacts(company.id)).toEqual([]);
    });

    it('an edit that changes nothing keeps the version', async () => {
      const company = await createCompany('Steady Contacts');
      const saved = await createContact(company.id);
      await checks(company.id).expectUnchangedEditKeepsVersion(saved);
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

    const refused: [change: object, field: string, message: string][] = [
      [{ name: '' }, 'name', 'Contact name is required'],
      [{ number: '' }, 'number', 'Contact number is required'],
      ...invalidNumbers.map(
        (number) => [{ number }, 'number', 'Phone number is not valid'] as [object, string, string],
      ),
    ];
    it.each(refused)('refuses %o with 400 on %s: %s, creating nothing', async (change, field, message) => {
      const company = await createCompany(`Validation ${field} ${crypto.randomUUID().slice(0, 6)}`);
      await expectRefusedCreatingNothing(count, () => create(test.admin, company.id, change), field, message);
    });

    it('refuses a contact of an unknown company, creating nothing', async () => {
      await expectRefusedCreatingNothing(
        count,
        () => create(test.admin, 999999),
        companyField,
        companyNotFound,
      );
    });

    it('validates edits with the spec messages and keeps the contact', async () => {
      const company = await createCompany('Edit Validation Contacts');
      const saved = await createContact(company.id);
      await checks(company.id).expectEditRefused(
        saved,
        { number: '5550101' },
        'number',
        'Phone number is not valid',
      );
    });

    it('refuses a stale version with 409', async () => {
      const company = await createCompany('Stale Contacts');
      const saved = await createContact(company.id);
      await checks(company.id).expectStaleEditRefused(saved, { name: 'Newer' }, { name: 'Older' });
    });

    it('answers 404 for unknown ids', async () => {
      const company = await createCompany('Ghost Contacts');
      await checks(company.id).expectNotFound(999999, contactNotFound, catalogue.contactInput());
    });

    it('standard users read (200) but every write is 403 and changes nothing', async () => {
      const company = await createCompany('Read Only Contacts');
      const saved = await createContact(company.id);
      expect(await contacts(company.id, test.standard)).toEqual([saved]);
      expect(okAnswer(await send(calls.read, { params: { id: saved.id } }, test.standard))).toEqual(saved);
      await expectForbidden([
        create(test.standard, company.id),
        send(calls.edit, { body: envelope(company.id, { ...saved, name: 'Sneaky' }) }, test.standard),
        send(calls.remove, { params: { id: saved.id } }, test.standard),
      ]);
      expect(await contacts(company.id)).toEqual([saved]);
    });

    it('read-your-writes: every created contact is in the very next list, 20 rounds without retry', async () => {
      const company = await createCompany('RYW Contacts');
      await expectReadYourWrites(
        (round) => createContact(company.id, { name: `RYW ${round}` }),
        () => contacts(company.id),
      );
    });
  };

  return { createContact, contacts, checks, declareTests };
}
