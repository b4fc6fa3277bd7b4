import { Nullable } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Versioned } from './http';

/** A contractor company: its id and name. */
export const ContractorCompanySchema = Type.Object(
  { ...Versioned, name: Type.String() },
  { $id: 'ContractorCompany' },
);
export type ContractorCompany = Static<typeof ContractorCompanySchema>;

/** GET /api/contractorcompany/all?name=: the companies and, apart, which of them are over threshold. */
export const ContractorCompanySearchSchema = Type.Object({
  contractorCompanies: Type.Array(ContractorCompanySchema),
  contractorIdsThatAreOverThreshold: Type.Array(Type.Integer()),
});
export type ContractorCompanySearch = Static<typeof ContractorCompanySearchSchema>;

/** A contractor's contact, with its company's name. */
export const ContractorContactSchema = Type.Object(
  {
    ...Versioned,
    contractorCompanyId: Type.Integer(),
    contractorCompanyName: Type.String(),
    name: Type.String(),
    number: Type.String(),
    email: Nullable(Type.String()),
    isOfficeContact: Type.Boolean(),
    isSiteContact: Type.Boolean(),
  },
  { $id: 'ContractorContact' },
);
export type ContractorContact = Static<typeof ContractorContactSchema>;
