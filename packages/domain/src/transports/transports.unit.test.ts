import { describe, expect, it } from 'vitest';
import { invalidField, refusal } from '../../test/refusal';
import { validateCompany } from '../contractors/contractor-company';
import { transportCompanies } from './transport-company';
import { transportContacts, validateTransportContact } from './transport-contact';

describe('transport company', () => {
  it('shares the company rule: Company name is required', () => {
    expect(validateCompany({ name: ' Haul Co ' })).toEqual({ name: 'Haul Co' });
    expect(refusal(() => validateCompany({ name: '' }))).toEqual(
      invalidField('name', 'Company name is required'),
    );
  });

  it('has its own streams and messages', () => {
    expect(transportCompanies.streamId(5)).toBe('transport-company-5');
    expect(transportCompanies.notFoundMessage).toBe('Haulage company not found.');
    expect(transportCompanies.eventTypes.deleted).toBe('TransportCompanyDeleted');
  });
});

describe('transport contact', () => {
  const contact = { name: ' Tom Dispatch ', number: ' (905)555-0199 ' };

  it('keeps the trimmed name and number and the company from the envelope', () => {
    expect(validateTransportContact(7, contact)).toEqual({
      transportCompanyId: 7,
      name: 'Tom Dispatch',
      number: '(905)555-0199',
    });
  });

  it('has its own streams and messages', () => {
    expect(transportContacts.streamId(2)).toBe('transport-contact-2');
    expect(transportContacts.notFoundMessage).toBe('Transport contact not found.');
  });
});
