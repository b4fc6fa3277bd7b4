import type { ContractorCompanySearch } from '@portal/contract';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export const toContractorCompanyPayload = (data: Record<string, unknown>) => ({ name: text(data.name) });

export const unwrapContractorCompanies = (json: unknown) =>
  (json as ContractorCompanySearch).contractorCompanies;

/** The contact's fields; its company travels beside it (see `contractorContactEnvelope`). */
export const toContractorContactPayload = (data: Record<string, unknown>) => ({
  contractorCompanyId: Number(data.contractorCompanyId),
  name: text(data.name),
  number: text(data.number),
  email: text(data.email) || null,
  isOfficeContact: data.isOfficeContact === true,
  isSiteContact: data.isSiteContact === true,
});

/** Spec section 7: `{contractorCompanyId, contractorContact}`; on edit the contact carries its id and version. */
export const contractorContactEnvelope = ({
  contractorCompanyId,
  ...contractorContact
}: Record<string, unknown>) => ({
  contractorCompanyId,
  contractorContact,
});

/** The company page, where a contact's or project's form returns after Save. */
export const contractorCompanyPath = (companyId: string | number) => `/contractor-company/${companyId}`;
