import type { ContractorCompanySearch } from '@portal/contract';
import { text } from '../common/form-values';
import { companyEnvelope } from '../dataProvider/payloads';

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

/** A contact's envelope: `{contractorCompanyId, contractorContact}`. */
export const contractorContactEnvelope = companyEnvelope('contractorCompanyId', 'contractorContact');

/** The company page, where a contact's or project's form returns after Save. */
export const contractorCompanyPath = (companyId: string | number) => `/contractor-company/${companyId}`;
