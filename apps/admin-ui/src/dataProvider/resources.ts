import { type Endpoint, endpoints, projectSortFields, truckSortFields } from '@portal/contract';
import {
  contractorContactEnvelope,
  toContractorContactPayload,
  unwrapContractorCompanies,
} from '../contractors/contractor';
import { projectEnvelope, toProjectPayload } from '../projects/project';
import { toScalePayload } from '../scales/scale';
import { toTransportContactPayload, transportContactEnvelope } from '../transports/transport';
import { toTruckPayload, truckEnvelope } from '../trucks/truck';
import { toUserPayload } from '../users/user';
import { toNamePayload } from './payloads';
import type { ServerPaging } from './server-pages';

/** A record's four calls: read and delete by id, create (`/new`) and edit (`/edit`, with id and version). */
export type RecordEndpoints = Record<'read' | 'create' | 'edit' | 'remove', Endpoint>;

/** A list call: its declaration and what it sends. */
export interface ListCall {
  declaration: Endpoint;
  input: object;
}

/** Which of the contract's declared endpoints each react-admin resource is read and saved through. */
export interface ResourceRoutes {
  record: RecordEndpoints;
  /** The list call; `filter` holds getManyReference's target (e.g. {contractorCompanyId: 4}). */
  list: (filter: Record<string, unknown>) => ListCall;
  /** The body of a save: only the fields the API takes, normalised (trimmed text, null for no phone). */
  toPayload: (data: Record<string, unknown>) => Record<string, unknown>;
  /** A 401 on the user list call does not send the user to /login. */
  listKeepsSessionOnUnauthorized?: boolean;
  /** Picks the records out of a list answer that is not a bare array (e.g. {contractorCompanies: [...]}). */
  unwrapList?: (json: unknown) => RaRecordLike[];
  /** Wraps a save's payload in the envelope the API expects (e.g. {contractorCompanyId, contractorContact}). */
  envelope?: (payload: Record<string, unknown>) => Record<string, unknown>;
  /** Set when the list route pages on the server (issue 16): its tables then fetch only the page they show. */
  serverPaging?: ServerPaging;
}

export type RaRecordLike = { id: number | string } & Record<string, unknown>;

/** Every record of the list. */
const all = (declaration: Endpoint) => (): ListCall => ({ declaration, input: {} });

/** A company's contacts or trucks, with the company's id; 0 (no company filter) lists every company's. */
const ofCompany = (declaration: Endpoint, companyField: string) => (filter: Record<string, unknown>) => ({
  declaration,
  input: { body: { [companyField]: Number(filter[companyField] ?? 0) } },
});

const users: RecordEndpoints = {
  read: endpoints.getUserById,
  create: endpoints.postUserNew,
  edit: endpoints.putUserEdit,
  remove: endpoints.deleteUserById,
};

export const resourceRoutes: Record<string, ResourceRoutes> = {
  users: {
    record: users,
    list: all(endpoints.getUserAll),
    toPayload: toUserPayload,
    listKeepsSessionOnUnauthorized: true,
  },
  contractorCompanies: {
    record: endpoints.contractorCompanyCatalogue,
    list: all(endpoints.getContractorcompanyAll),
    toPayload: toNamePayload,
    unwrapList: unwrapContractorCompanies,
  },
  contractorContacts: {
    record: endpoints.contractorContactCatalogue,
    list: ofCompany(endpoints.postContractorcontactAll, 'contractorCompanyId'),
    toPayload: toContractorContactPayload,
    envelope: contractorContactEnvelope,
  },
  projects: {
    record: endpoints.projectCatalogue,
    list: ({ contractorCompanyId }) =>
      contractorCompanyId == null
        ? { declaration: endpoints.getProjectAll, input: {} }
        : { declaration: endpoints.getProjectContractorById, input: { params: { id: contractorCompanyId } } },
    toPayload: toProjectPayload,
    envelope: projectEnvelope,
    serverPaging: { sortFields: projectSortFields, rows: 'projects' },
  },
  transportCompanies: {
    record: endpoints.transportCompanyCatalogue,
    list: all(endpoints.getTransportcompanyAll),
    toPayload: toNamePayload,
  },
  transportContacts: {
    record: endpoints.transportContactCatalogue,
    list: ofCompany(endpoints.postTransportcontactAll, 'transportCompanyId'),
    toPayload: toTransportContactPayload,
    envelope: transportContactEnvelope,
  },
  trucks: {
    record: endpoints.truckCatalogue,
    list: ofCompany(endpoints.postTruckAll, 'transportCompanyId'),
    toPayload: toTruckPayload,
    envelope: truckEnvelope,
    serverPaging: { sortFields: truckSortFields, rows: 'trucks' },
  },
  materials: {
    record: endpoints.materialCatalogue,
    list: all(endpoints.getScaleMaterialAll),
    toPayload: toNamePayload,
  },
  materialTypes: {
    record: endpoints.materialTypeCatalogue,
    list: all(endpoints.getScaleMaterialTypeAll),
    toPayload: toNamePayload,
  },
  scales: {
    record: endpoints.scaleCatalogue,
    list: all(endpoints.getScaleAll),
    toPayload: toScalePayload,
  },
};
