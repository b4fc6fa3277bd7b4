import { SealEventSchemas } from '../audit/seal';
import { contractorCompanies } from '../contractors/contractor-company';
import { contractorContacts } from '../contractors/contractor-contact';
import { materials, materialTypes } from '../materials/material';
import { projects } from '../projects/project';
import { olderRedactionEventVersions, RedactionEventSchemas } from '../retention/personal-data-redacted';
import { legalHolds, retentionPolicy } from '../retention/records-retention';
import { scales } from '../scales/scale';
import { ScaleIncidentEventSchemas } from '../scales/scale-incident-events';
import { settings } from '../settings/settings';
import { SoilFLOReceiptEventSchemas } from '../soilflo/receipt-events';
import { olderTicketEventVersions, TicketEventSchemas } from '../tickets/ticket-events';
import { transportCompanies } from '../transports/transport-company';
import { transportContacts } from '../transports/transport-contact';
import { TruckMoveEventSchemas, trucks } from '../trucks/truck';
import { olderUserEventVersions, UserEventSchemas } from '../users/user';
import { type EventTypeVersions, eventVersionsOf } from './event-versions';

/** The reference-data aggregates, each kept as whole records (catalogue.ts). */
export const portalCatalogues = [
  contractorCompanies,
  contractorContacts,
  materials,
  materialTypes,
  projects,
  legalHolds,
  retentionPolicy,
  scales,
  settings,
  transportCompanies,
  transportContacts,
  trucks,
];

/** Every event type the portal writes, with each of its versions: what reading and the event corpus go by. */
export const portalEventVersions: Record<string, EventTypeVersions> = Object.assign(
  {},
  eventVersionsOf(TicketEventSchemas, olderTicketEventVersions),
  eventVersionsOf(UserEventSchemas, olderUserEventVersions),
  eventVersionsOf(TruckMoveEventSchemas),
  eventVersionsOf(SealEventSchemas),
  eventVersionsOf(RedactionEventSchemas, olderRedactionEventVersions),
  eventVersionsOf(SoilFLOReceiptEventSchemas),
  eventVersionsOf(ScaleIncidentEventSchemas),
  ...portalCatalogues.map((catalogue) =>
    eventVersionsOf(catalogue.eventSchemas, catalogue.olderEventVersions),
  ),
);
