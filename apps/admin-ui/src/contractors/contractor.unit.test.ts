import { describe, expect, it } from 'vitest';
import {
  contractorContactEnvelope,
  toContractorContactPayload,
  unwrapContractorCompanies,
} from './contractor';

describe('contractor payloads', () => {
  it('send a contact as {contractorCompanyId, contractorContact} with trimmed text and no empty email', () => {
    const payload = toContractorContactPayload({
      contractorCompanyId: '4',
      name: '  Jane Smith ',
      number: '(082)555-1234',
      email: ' ',
      isOfficeContact: true,
      contractorCompanyName: 'Ignored',
    });
    expect(contractorContactEnvelope({ id: 9, version: 3, ...payload })).toEqual({
      contractorCompanyId: 4,
      contractorContact: {
        id: 9,
        version: 3,
        name: 'Jane Smith',
        number: '(082)555-1234',
        email: null,
        isOfficeContact: true,
        isSiteContact: false,
      },
    });
  });

  it('take the companies out of the list answer, leaving the over-threshold ids aside', () => {
    const companies = [{ id: 1, name: 'Acme', version: 1 }];
    expect(
      unwrapContractorCompanies({ contractorCompanies: companies, contractorIdsThatAreOverThreshold: [1] }),
    ).toBe(companies);
  });
});
