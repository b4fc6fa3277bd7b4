import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../schemas';

const NullableString = Nullable(Type.String());
const NullableInteger = Nullable(Type.Integer());

/** The fields staff fill in on the ticket forms (full, short and dispatch). */
export const TicketDetailsSchema = Type.Object({
  date: NullableString,
  timeLoaded: NullableString,
  timeReceived: NullableString,
  jobSite: NullableString,
  contractorCompanyId: NullableInteger,
  transportCompanyId: NullableInteger,
  truckId: NullableInteger,
  truckTypeId: NullableInteger,
  truckNumber: NullableString,
  truckLicensePlate: NullableString,
  truckDriverName: NullableString,
  truckDriverNumber: NullableString,
  siteContactName: NullableString,
  siteContactNumber: NullableString,
  contractorOfficeContactId: NullableInteger,
  transportContactName: NullableString,
  transportContactNumber: NullableString,
  projectId: NullableInteger,
  projectLeader: NullableString,
  materialTypeId: NullableInteger,
  materialId: NullableInteger,
  isSaltImpacted: Type.Boolean(),
  notes: NullableString,
  weight: Nullable(Type.Number({ description: 'Net weight in KG' })),
  soilFLOTicketId: NullableInteger,
  updateSoilFLO: Type.Boolean(),
});
export type TicketDetails = Static<typeof TicketDetailsSchema>;

export const emptyTicketDetails: TicketDetails = {
  date: null,
  timeLoaded: null,
  timeReceived: null,
  jobSite: null,
  contractorCompanyId: null,
  transportCompanyId: null,
  truckId: null,
  truckTypeId: null,
  truckNumber: null,
  truckLicensePlate: null,
  truckDriverName: null,
  truckDriverNumber: null,
  siteContactName: null,
  siteContactNumber: null,
  contractorOfficeContactId: null,
  transportContactName: null,
  transportContactNumber: null,
  projectId: null,
  projectLeader: null,
  materialTypeId: null,
  materialId: null,
  isSaltImpacted: false,
  notes: null,
  weight: null,
  soilFLOTicketId: null,
  updateSoilFLO: false,
};

/** Dispatch information a rejection clears: who was trucking it, and when it left. */
export const dispatchFields = [
  'timeLoaded',
  'transportCompanyId',
  'truckId',
  'truckNumber',
  'truckLicensePlate',
  'truckDriverName',
  'truckDriverNumber',
] as const satisfies readonly (keyof TicketDetails)[];
