import { projectSortFields, truckSortFields } from '@portal/contract';
import {
  contractorContactEnvelope,
  toContractorContactPayload,
  unwrapContractorCompanies,
} from '../contractors/contractor';
import { projectEnvelope, toProjectPayload } from '../projects/project';
import { toTransportContactPayload, transportContactEnvelope } from '../transports/transport';
import { toTruckPayload, truckEnvelope } from '../trucks/truck';
import { toUserPayload } from '../users/user';
import { text, toNamePayload } from './payloads';
import type { ServerPaging } from './server-pages';

/**
 * Where each react-admin resource lives in the spec's API. Every entity follows one pattern:
 * GET `{base}/all`, GET and DELETE `{base}/{id}`, POST `{base}/new`, PUT `{base}/edit` (with id and version).
 */
export interface ResourceRoutes {
  base: string;
  /** The body of a save: only the fields the API takes, normalised (trimmed text, null for no phone). */
  toPayload: (data: Record<string, unknown>) => Record<string, unknown>;
  /** A 401 on the user list call does not send the user to /login. */
  listKeepsSessionOnUnauthorized?: boolean;
  /**
   * The list call when it is not GET `{base}/all`: e.g. POST /api/contractorcontact/all with
   * {contractorCompanyId}. `filter` holds getManyReference's target (e.g. {contractorCompanyId: 4}).
   */
  listRequest?: (filter: Record<string, unknown>) => { path: string; method: 'GET' | 'POST'; body?: unknown };
  /** Picks the records out of a list answer that is not a bare array (e.g. {contractorCompanies: [...]}). */
  unwrapList?: (json: unknown) => RaRecordLike[];
  /** Wraps a save's payload in the envelope the API expects (e.g. {contractorCompanyId, contractorContact}). */
  envelope?: (payload: Record<string, unknown>) => Record<string, unknown>;
  /** Set when the list route pages on the server (issue 16): its tables then fetch only the page they show. */
  serverPaging?: ServerPaging;
}

export type RaRecordLike = { id: number | string } & Record<string, unknown>;

/** A company's contacts or trucks: POST `{base}/all` with the company's id; 0 (no company filter) lists every company's. */
const companyListRequest = (base: string, companyField: string) => (filter: Record<string, unknown>) => ({
  path: `${base}/all`,
  method: 'POST' as const,
  body: { [companyField]: Number(filter[companyField] ?? 0) },
});

export const resourceRoutes: Record<string, ResourceRoutes> = {
  users: { base: '/api/user', toPayload: toUserPayload, listKeepsSessionOnUnauthorized: true },
  contractorCompanies: {
    base: '/api/contractorcompany',
    toPayload: toNamePayload,
    unwrapList: unwrapContractorCompanies,
  },
  contractorContacts: {
    base: '/api/contractorcontact',
    toPayload: toContractorContactPayload,
    listRequest: companyListRequest('/api/contractorcontact', 'contractorCompanyId'),
    envelope: contractorContactEnvelope,
  },
  projects: {
    base: '/api/project',
    toPayload: toProjectPayload,
    listRequest: ({ contractorCompanyId }) => ({
      path:
        contractorCompanyId == null
          ? '/api/project/all'
          : `/api/project/contractor/${encodeURIComponent(String(contractorCompanyId))}`,
      method: 'GET',
    }),
    envelope: projectEnvelope,
    serverPaging: { sortFields: projectSortFields, rows: 'projects' },
  },
  transportCompanies: { base: '/api/transportcompany', toPayload: toNamePayload },
  transportContacts: {
    base: '/api/transportcontact',
    toPayload: toTransportContactPayload,
    listRequest: companyListRequest('/api/transportcontact', 'transportCompanyId'),
    envelope: transportContactEnvelope,
  },
  trucks: {
    base: '/api/truck',
    toPayload: toTruckPayload,
    listRequest: companyListRequest('/api/truck', 'transportCompanyId'),
    envelope: truckEnvelope,
    serverPaging: { sortFields: truckSortFields, rows: 'trucks' },
  },
  materials: { base: '/api/scale/material', toPayload: toNamePayload },
  materialTypes: { base: '/api/scale/material/type', toPayload: toNamePayload },
  scales: { base: '/api/scale', toPayload: (data) => ({ scaleName: text(data.scaleName) }) },
};
