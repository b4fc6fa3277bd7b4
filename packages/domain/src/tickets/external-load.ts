import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../schemas';
import type { TicketDetails } from './ticket-details';

/**
 * A load as the external load-tracking system (SoilFLO) describes it (docs/soilflo.md).
 * Its answers are checked against this before use; fields it adds beyond these are ignored. Names and
 * phone numbers may be missing (null) there; the ids, status and dispatch time may not.
 */
const Name = Nullable(Type.String());
export const ExternalLoadSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  status: Type.String(),
  dispatchedTime: Type.String({
    description: 'When the load left its source site; without a zone it is UTC',
  }),
  sourceSite: Type.Object({
    name: Name,
    contractingcompany: Type.Object({ name: Name }),
  }),
  assignerUser: Type.Object({ firstName: Name, lastName: Name, phone: Name }),
  truck: Type.Object({
    driverName: Name,
    driverPhone: Name,
    global_truck: Type.Object({
      number: Nullable(Type.Union([Type.String(), Type.Integer()])),
      license: Name,
      hauler: Type.Object({ name: Name }),
    }),
  }),
});
export type ExternalLoad = Static<typeof ExternalLoadSchema>;

/** The SoilFLO form's messages, word for word (misspellings kept: they are requirements), and ours. */
export const externalLoadMessages = {
  latestTicketFailed: 'Failed to get the lastest ticket data',
  pullFailed: 'Failed to pull SoilFLO data',
  notCorrect: 'SoilFLO data is not correct',
  noLoad: (ticketNumber: number | string) => `No SoilFLO load exists with BoL#: ${ticketNumber}`,
  override: 'Override?',
  updateFailed: 'Failed to update SoilFLO ticket!',
  notConfigured: 'SoilFLO is not configured: set SOILFLO_API_URL and SOILFLO_API_KEY.',
  notExternal: 'This ticket is not a SoilFLO load.',
  useExternalForm: 'This load comes from SoilFLO: save and receive it on its ticket page, from SoilFLO data.',
  administratorsOnly: 'Only administrators save, receive or reset SoilFLO loads.',
} as const;

/** Loads with these statuses are not loads. */
const ignoredStatuses = new Set(['void', 'rogue']);

/** Void and rogue loads are ignored; the highest id among the rest is the load. */
export function chooseExternalLoad(loads: readonly ExternalLoad[]): ExternalLoad | null {
  let chosen: ExternalLoad | null = null;
  for (const load of loads) {
    if (ignoredStatuses.has(load.status.trim().toLowerCase())) continue;
    if (chosen === null || load.id > chosen.id) chosen = load;
  }
  return chosen;
}

const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Times from SoilFLO are UTC. A time without a zone is read as
 * UTC (not as the server's local time); one with a zone keeps it. Null when it is not a time.
 */
export function externalTimeAsUtc(text: string): string | null {
  const trimmed = text.trim().replace(' ', 'T');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(trimmed)) return null;
  const parsed = Date.parse(zoned.test(trimmed) ? trimmed : `${trimmed}Z`);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

const joined = (...parts: (string | null)[]) => {
  const text = parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return text === '' ? null : text;
};

/** What a load says about its ticket: the ticket's own fields, and the companies by name (the caller matches them to records). */
export type ExternalLoadFill = Pick<
  TicketDetails,
  | 'jobSite'
  | 'truckNumber'
  | 'truckLicensePlate'
  | 'truckDriverName'
  | 'truckDriverNumber'
  | 'siteContactName'
  | 'siteContactNumber'
  | 'timeLoaded'
> & {
  soilFLOTicketId: number;
  contractorCompanyName: string | null;
  transportCompanyName: string | null;
};

/** The ticket fields a load fills: job site, contractor, haulage company, truck, driver, time loaded. */
export function externalLoadFill(load: ExternalLoad): ExternalLoadFill {
  const { sourceSite, assignerUser, truck } = load;
  const number = truck.global_truck.number;
  return {
    soilFLOTicketId: load.id,
    jobSite: joined(sourceSite.name),
    contractorCompanyName: joined(sourceSite.contractingcompany.name),
    transportCompanyName: joined(truck.global_truck.hauler.name),
    truckNumber: number === null ? null : joined(String(number)),
    truckLicensePlate: joined(truck.global_truck.license?.replace(/\s+/g, '') ?? null),
    truckDriverName: joined(truck.driverName),
    truckDriverNumber: joined(truck.driverPhone),
    siteContactName: joined(assignerUser.firstName, assignerUser.lastName),
    siteContactNumber: joined(assignerUser.phone),
    timeLoaded: externalTimeAsUtc(load.dispatchedTime),
  };
}
