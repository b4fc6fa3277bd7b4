import type {
  TransportContact as ContractTransportContact,
  TransportCompanyListItem,
} from '@portal/contract';
import type { Identifier, RaRecord } from 'react-admin';
import { text } from '../common/form-values';
import { companyEnvelope } from '../dataProvider/payloads';

/** A transport company as `GET /api/transportcompany/all` lists it (with its truck count). */
export type TransportCompany = TransportCompanyListItem & RaRecord;

/** A transport contact as `POST /api/transportcontact/all` and `GET /api/transportcontact/{id}` return it. */
export type TransportContact = ContractTransportContact & RaRecord;

// The company page and its contact form sit at these paths.
export const transportCompanyPath = (companyId: Identifier) => `/transport-company/${companyId}`;
export const transportContactPath = (contactId: Identifier | 'new', companyId: Identifier) =>
  `/contacts/${contactId}/transport-company/${companyId}`;

/** A contact's own fields; the company id travels beside them (see `transportContactEnvelope`). */
export const toTransportContactPayload = (data: Record<string, unknown>) => ({
  transportCompanyId: Number(data.transportCompanyId),
  name: text(data.name),
  number: text(data.number),
});

/** `/api/transportcontact/new` and `/edit` take {transportCompanyId, transportContact: {id?, version?, name, number}}. */
export const transportContactEnvelope = companyEnvelope('transportCompanyId', 'transportContact');

/** The `/all` routes return every row at once; this asks the data provider for all of them on one page. */
export const everyRecord = { page: 1, perPage: Number.MAX_SAFE_INTEGER };
