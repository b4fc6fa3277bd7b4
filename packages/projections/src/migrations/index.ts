import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as users from './2026-11-21-001-users';
import * as referenceData from './2026-11-21-002-reference-data';
import * as tickets from './2026-11-21-003-tickets';
import * as outboxMail from './2026-11-21-004-outbox-mail';
import * as userSessions from './2026-11-23-001-user-sessions';
import * as ticketPlateSearch from './2026-11-23-002-ticket-plate-search';
import * as scales from './2026-11-23-003-scales';
import * as printedRecordSettings from './2026-11-23-004-printed-record-settings';
import * as externalReceipts from './2026-11-23-005-external-receipts';
import * as sessionUserChanges from './2026-11-24-001-session-user-changes';
import * as ticketLogChanges from './2026-11-25-001-ticket-log-changes';
import * as trigramPendingLists from './2026-11-25-002-trigram-pending-lists';
import * as jobSiteTicketCounts from './2026-11-25-003-job-site-ticket-counts';
import * as scaleWeighingRules from './2026-11-27-001-scale-weighing-rules';
import * as retareSetting from './2026-11-27-002-retare-setting';
import * as truckTareDates from './2026-11-27-002-truck-tare-dates';
import * as ticketFirstWeights from './2026-11-27-003-ticket-first-weights';
import * as displayUnitSetting from './2026-11-28-001-display-unit-setting';
import * as weightBoundAndQrSettings from './2026-11-28-002-weight-bound-and-qr-settings';
import * as ticketsReceivedWithoutLoad from './2026-11-28-003-tickets-received-without-load';
import * as externalReceiptWeights from './2026-11-28-010-external-receipt-weights';
import * as ticketWeighing from './2026-11-29-034-ticket-weighing';
import * as ticketLoadTimeLoaded from './2026-11-30-001-ticket-load-time-loaded';
import * as scaleCapacity from './2026-11-30-002-scale-capacity';
import * as jobSiteCountsDropZero from './2026-12-01-001-job-site-counts-drop-zero';
import * as recordsRetention from './2026-12-02-001-records-retention';
import * as ticketGivenTransportCompany from './2026-12-03-001-ticket-given-transport-company';
import * as webhooks from './2026-12-04-033-webhooks';
import * as webhookReplays from './2026-12-05-001-webhook-replays';

// Listed explicitly (not read from disk) so the same code runs under tsx, bundlers and tests.
const migrations: Record<string, Migration> = {
  '2026-11-21-001-users': users,
  '2026-11-21-002-reference-data': referenceData,
  '2026-11-21-003-tickets': tickets,
  '2026-11-21-004-outbox-mail': outboxMail,
  '2026-11-23-001-user-sessions': userSessions,
  '2026-11-23-002-ticket-plate-search': ticketPlateSearch,
  '2026-11-23-003-scales': scales,
  '2026-11-23-004-printed-record-settings': printedRecordSettings,
  '2026-11-23-005-external-receipts': externalReceipts,
  '2026-11-24-001-session-user-changes': sessionUserChanges,
  '2026-11-25-001-ticket-log-changes': ticketLogChanges,
  '2026-11-25-002-trigram-pending-lists': trigramPendingLists,
  '2026-11-25-003-job-site-ticket-counts': jobSiteTicketCounts,
  '2026-11-27-001-scale-weighing-rules': scaleWeighingRules,
  '2026-11-27-002-truck-tare-dates': truckTareDates,
  '2026-11-27-003-ticket-first-weights': ticketFirstWeights,
  '2026-11-27-002-retare-setting': retareSetting,
  '2026-11-28-001-display-unit-setting': displayUnitSetting,
  '2026-11-28-002-weight-bound-and-qr-settings': weightBoundAndQrSettings,
  '2026-11-28-010-external-receipt-weights': externalReceiptWeights,
  '2026-11-29-034-ticket-weighing': ticketWeighing,
  '2026-11-28-003-tickets-received-without-load': ticketsReceivedWithoutLoad,
  '2026-11-30-001-ticket-load-time-loaded': ticketLoadTimeLoaded,
  '2026-11-30-002-scale-capacity': scaleCapacity,
  '2026-12-01-001-job-site-counts-drop-zero': jobSiteCountsDropZero,
  '2026-12-02-001-records-retention': recordsRetention,
  '2026-12-03-001-ticket-given-transport-company': ticketGivenTransportCompany,
  '2026-12-04-033-webhooks': webhooks,
  '2026-12-05-001-webhook-replays': webhookReplays,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the read-model schema to the latest migration; safe to run on every start. `schema` names where the
 * migrations' own table lives when the read models are built outside the connection's first schema
 * (the scratch copy `npm run verify` compares with the live one).
 */
export async function migrateReadModels(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'read_model_migration',
    migrationLockTableName: 'read_model_migration_lock',
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
