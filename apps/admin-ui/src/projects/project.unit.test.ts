import { describe, expect, it } from 'vitest';
import { toProjectPayload } from './project';

describe('the project payload', () => {
  it('keeps only the fields the API takes, with cleared dropdowns as null', () => {
    expect(
      toProjectPayload({
        id: 5,
        projectId: ' P-100 ',
        contractorCompanyId: 3,
        contractorCompanyName: 'Acme',
        jobSite: ' 1 Main Road',
        siteContactId: 8,
        siteContactName: 'Jane',
        officeContactId: '',
        materialTypeId: null,
        isSoilFLOProject: true,
        ticketsSold: 12,
        approved: '250',
        overThreshold: false,
        saltImpacted: true,
        notes: '  ',
      }),
    ).toEqual({
      projectId: 'P-100',
      contractorCompanyId: 3,
      jobSite: '1 Main Road',
      siteContactId: 8,
      officeContactId: null,
      materialTypeId: null,
      isSoilFLOProject: true,
      approved: 250,
      overThreshold: false,
      saltImpacted: true,
      notes: null,
    });
  });

  it('sends 0 approved when the field is left empty', () => {
    expect(toProjectPayload({ approved: '' }).approved).toBe(0);
  });
});
