import { describe, expect, it } from 'vitest';
import { invalidField, refusal } from '../../test/refusal';
import { validateTransportContact } from '../transports/transport-contact';
import { companyNameRequired, contractorCompanies, validateCompany } from './contractor-company';
import { contactMessages, contractorContacts, validateContractorContact } from './contractor-contact';

describe('contractor company', () => {
  it('keeps the trimmed name', () => {
    expect(validateCompany({ name: '  Acme Earthworks ' })).toEqual({ name: 'Acme Earthworks' });
  });

  it.each([{}, { name: '' }, { name: '   ' }, { name: null }])(
    'refuses %o: Company name is required',
    (input) => {
      expect(refusal(() => validateCompany(input))).toEqual(invalidField('name', 'Company name is required'));
    },
  );

  it('exports the spec message and its catalogue names', () => {
    expect(companyNameRequired).toBe('Company name is required');
    expect(contractorCompanies.label).toBe('Contractor company');
    expect(contractorCompanies.eventTypes.created).toBe('ContractorCompanyCreated');
  });
});

/** A contractor's and a haulage company's contacts share their name, number and company rules. */
describe.each([
  ['contractor', validateContractorContact, 'contractorCompanyId'],
  ['transport', validateTransportContact, 'transportCompanyId'],
] as const)('%s contact basics', (_owner, validate, companyField) => {
  const contact = { name: 'Pat Contact', number: '(416)555-0101' };

  it.each([
    [{ name: '' }, 'name', 'Contact name is required'],
    [{ name: '  ' }, 'name', 'Contact name is required'],
    [{ number: '' }, 'number', 'Contact number is required'],
    [{ number: undefined }, 'number', 'Contact number is required'],
    [{ number: '416-555-0101' }, 'number', 'Phone number is not valid'],
    [{ number: '(416)5550101' }, 'number', 'Phone number is not valid'],
    [{ number: '(416)555-01012' }, 'number', 'Phone number is not valid'],
    [{ number: '905 555 0199' }, 'number', 'Phone number is not valid'],
    [{ number: '(905)555-019' }, 'number', 'Phone number is not valid'],
  ])('refuses %o on %s with %s', (change, field, message) => {
    expect(refusal(() => validate(3, { ...contact, ...change }))).toEqual(invalidField(field, message));
  });

  it('needs a company', () => {
    for (const companyId of [undefined, null, 0, '', -1]) {
      expect(refusal(() => validate(companyId, contact)).errors).toEqual({
        [companyField]: 'Please select a company',
      });
    }
    for (const companyId of ['x', '3', true, [3]]) {
      expect(refusal(() => validate(companyId, contact)).errors).toEqual({
        [companyField]: `${companyField} must be a whole number`,
      });
    }
  });
});

describe('contractor contact', () => {
  const contact = {
    name: ' Carla Site ',
    number: '(416)555-0101',
    email: 'carla@acme.test',
    isOfficeContact: true,
    isSiteContact: 'true',
  };

  it('keeps a valid contact, its company from the envelope, trimmed text and boolean flags', () => {
    expect(validateContractorContact(3, contact)).toEqual({
      contractorCompanyId: 3,
      name: 'Carla Site',
      number: '(416)555-0101',
      email: 'carla@acme.test',
      isOfficeContact: true,
      isSiteContact: true,
    });
  });

  it('treats the e-mail as optional and the flags as false when absent', () => {
    expect(validateContractorContact(3, { name: 'Carla', number: '(416)555-0101', email: '' })).toEqual({
      contractorCompanyId: 3,
      name: 'Carla',
      number: '(416)555-0101',
      email: null,
      isOfficeContact: false,
      isSiteContact: false,
    });
  });

  it('refuses an e-mail that is not one', () => {
    expect(refusal(() => validateContractorContact(3, { ...contact, email: 'not-an-email' }))).toEqual(
      invalidField('email', 'Email is not valid'),
    );
  });

  it('reports every field at once, the first one as the message', () => {
    expect(refusal(() => validateContractorContact(3, { name: '', number: '' }))).toEqual({
      kind: 'validation',
      message: 'Contact name is required',
      errors: { name: 'Contact name is required', number: 'Contact number is required' },
    });
  });

  it('exports the spec messages word for word', () => {
    expect(contactMessages).toMatchObject({
      nameRequired: 'Contact name is required',
      numberRequired: 'Contact number is required',
      phoneInvalid: 'Phone number is not valid',
    });
    expect(contractorContacts.notFoundMessage).toBe('Contractor contact not found.');
  });
});
