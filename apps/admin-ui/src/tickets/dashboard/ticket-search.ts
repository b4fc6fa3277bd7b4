import { chosenId, text } from '../../common/form-values';
import { isTicketNumber, ticketNumberFilter } from '../../common/validation';

/** The Search tab's form: a ticket number plus the filters. */
interface TicketSearchValues {
  ticketNumber: string;
  transportCompanyId: number | string | null;
  contractorCompanyId: number | string | null;
  jobSite: string;
  truckLicensePlate: string;
  fromDate: string | null;
  toDate: string | null;
}

/** The body of POST /api/ticket/search; a filter left blank is left out. */
export interface TicketSearchBody {
  ticketNumber?: number;
  transportCompanyId?: number;
  contractorCompanyId?: number;
  jobSite?: string;
  truckLicensePlate?: string;
  fromDate?: string;
  toDate?: string;
}

export const emptyTicketSearch: TicketSearchValues = {
  ticketNumber: '',
  transportCompanyId: null,
  contractorCompanyId: null,
  jobSite: '',
  truckLicensePlate: '',
  fromDate: null,
  toDate: null,
};

/** The dashboard searches 500 ms after the last key, and gives the input focus back after 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500;
export const REFOCUS_AFTER_MS = 500;

/** The Search tab's ticket number is digits only. */
export const ticketNumberError = ticketNumberFilter('portal.dashboard.search.ticketNotNumber');

/** The search call's body: trimmed texts, numeric ids and YYYY-MM-DD days, blanks omitted. */
export function toSearchBody(values: Partial<TicketSearchValues>): TicketSearchBody {
  const body: TicketSearchBody = {};
  if (isTicketNumber(values.ticketNumber)) body.ticketNumber = Number(text(values.ticketNumber));
  const transportCompanyId = chosenId(values.transportCompanyId);
  if (transportCompanyId) body.transportCompanyId = transportCompanyId;
  const contractorCompanyId = chosenId(values.contractorCompanyId);
  if (contractorCompanyId) body.contractorCompanyId = contractorCompanyId;
  const jobSite = text(values.jobSite);
  if (jobSite) body.jobSite = jobSite;
  const plate = text(values.truckLicensePlate).toUpperCase();
  if (plate) body.truckLicensePlate = plate;
  const fromDate = text(values.fromDate).slice(0, 10);
  if (fromDate) body.fromDate = fromDate;
  const toDate = text(values.toDate).slice(0, 10);
  if (toDate) body.toDate = toDate;
  return body;
}

/** Nothing to search for: the dashboard shows today's Active or Received list instead. */
export const isBlankSearch = (body: TicketSearchBody): boolean => Object.keys(body).length === 0;
