import type { ExternalReceiptState } from '@portal/contract';
import type {
  ContractorContactData,
  DisplayUnit,
  TicketWeighing,
  TransportContactData,
} from '@portal/domain';
import {
  CamelCasePlugin,
  type ColumnType,
  type Generated,
  type JSONColumnType,
  Kysely,
  PostgresDialect,
  type Selectable,
} from 'kysely';
import type pg from 'pg';
import type { ChangeLogColumns } from './change-log';
import { preparingPool } from './prepared-reads';
import type { WebhookDeliveriesTable, WebhookSubscriptionsTable } from './webhooks/webhook-tables';

/** Read models: plain tables shaped for the UI's queries. Columns are snake_case in SQL, camelCase here. */
export interface Database {
  projectionCheckpoint: ProjectionCheckpointTable;
  users: UsersTable;
  contractorCompanies: NamedTable;
  transportCompanies: NamedTable;
  materials: NamedTable;
  materialTypes: NamedTable;
  contractorContacts: ContractorContactsTable;
  transportContacts: TransportContactsTable;
  trucks: TrucksTable;
  projects: ProjectsTable;
  projectLog: ProjectLogTable;
  settings: SettingsTable;
  tickets: TicketsTable;
  ticketLog: TicketLogTable;
  outboxMail: OutboxMailTable;
  scales: ScalesTable;
  externalReceipts: ExternalReceiptsTable;
  retentionPolicy: RetentionPolicyTable;
  legalHolds: LegalHoldsTable;
  webhookSubscriptions: WebhookSubscriptionsTable;
  webhookDeliveries: WebhookDeliveriesTable;
}

/** Reference-data rows carry their aggregate's stream version for optimistic concurrency. */
interface Versioned {
  id: number;
  version: number;
}

export interface NamedTable extends Versioned {
  name: string;
}

export interface ScalesTable extends Versioned {
  scaleName: string;
  /** Null on scales saved before the rules existed: the defaults apply. */
  minimumWeightDivisions: number | null;
  returnToZeroRequired: boolean | null;
  /** The scale's capacity, KG; null when none was given. */
  capacityKg: number | null;
}

export interface ContractorContactsTable extends Versioned, ContractorContactData {}

export interface TransportContactsTable extends Versioned, TransportContactData {}

// numeric columns come back from pg as strings; queries convert them.
type Numeric = ColumnType<string, number, number>;
type NullableNumeric = ColumnType<string | null, number | null, number | null>;

export interface TrucksTable extends Versioned {
  transportCompanyId: number;
  driverName: string | null;
  driverNumber: string | null;
  number: string;
  licensePlate: string;
  tareWeight: NullableNumeric;
  /** Null when never tared, or tared before tares carried a date. */
  tareWeighedAt: Date | null;
}

export interface ProjectsTable extends Versioned {
  projectId: string;
  contractorCompanyId: number;
  jobSite: string;
  siteContactId: number | null;
  officeContactId: number | null;
  materialTypeId: number | null;
  isSoilFloProject: boolean;
  approved: Numeric;
  overThreshold: boolean;
  saltImpacted: boolean;
  notes: string | null;
}

export interface ProjectLogTable extends ChangeLogColumns {
  projectId: number;
}

/** How long tickets' personal data is kept (one row, id 1, once set). */
export interface RetentionPolicyTable extends Versioned {
  ticketPersonalDataYears: number | null;
}

/** The legal holds standing: each covers a project, a contractor or a range of ticket ids. */
export interface LegalHoldsTable extends Versioned {
  projectId: number | null;
  contractorCompanyId: number | null;
  fromTicketId: number | null;
  toTicketId: number | null;
  reason: string;
}

export interface SettingsTable extends Versioned {
  currentPrefix: number;
  defaultTareWeight: Numeric;
  haulageRecordReceiverName: string | null;
  haulageRecordReceiverPhone: string | null;
  haulageRecordReceiverEmail: string | null;
  receivingSiteName: string | null;
  receivingSiteAddress: string | null;
  soilQualityStatement: string | null;
  retareEveryDays: number | null;
  displayUnit: DisplayUnit | null;
  maximumWeightKg: number | null;
  hashQrAboveTicketId: number | null;
}

export interface ProjectionCheckpointTable {
  name: string;
  // xid8 and bigserial values; bigint comes back from pg as a string.
  commitPosition: ColumnType<string, string | bigint, string | bigint>;
  preparePosition: ColumnType<string, string | bigint, string | bigint>;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
}

export interface UsersTable {
  id: number;
  username: string;
  /** Lower-cased username for the case-insensitive unique lookup used at login. */
  usernameKey: string;
  passwordHash: string;
  roleId: 1 | 2 | 3;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  /** Stream version of the user aggregate, sent back by the client for optimistic concurrency. */
  version: number;
  /** Moves on with each password or role change; a token issued under an earlier one is refused. */
  sessionVersion: Generated<number>;
  createdAt: ColumnType<Date, Date, Date>;
  updatedAt: ColumnType<Date, Date, Date>;
}

export type UserRow = Selectable<UsersTable>;

export function createReadModelDb(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: preparingPool(pool) }),
    plugins: [new CamelCasePlugin()],
  });
}

type Instant = ColumnType<Date | null, string | null, string | null>;

/** One row per ticket: its details, flags, and the aggregate's version. */
export interface TicketsTable {
  id: number;
  prefix: number;
  ticketNumber: number;
  hashNonce: string;
  isSoilFloLoad: boolean;
  isReceived: boolean;
  isComplete: boolean;
  isDispatched: boolean;
  isRejected: boolean;
  rejectReason: string | null;
  /** The receiving user (spec: userId is the receiving contact and the user who received). */
  userId: number | null;
  date: Instant;
  timeLoaded: Instant;
  timeReceived: Instant;
  jobSite: string | null;
  contractorCompanyId: number | null;
  transportCompanyId: number | null;
  truckId: number | null;
  truckTypeId: number | null;
  truckNumber: string | null;
  truckLicensePlate: string | null;
  truckDriverName: string | null;
  truckDriverNumber: string | null;
  siteContactName: string | null;
  siteContactNumber: string | null;
  contractorOfficeContactId: number | null;
  transportContactName: string | null;
  transportContactNumber: string | null;
  projectId: number | null;
  projectLeader: string | null;
  materialTypeId: number | null;
  materialId: number | null;
  isSaltImpacted: boolean;
  notes: string | null;
  weight: NullableNumeric;
  /** Two-pass weighing: the first weight, held until the second. */
  firstWeight: NullableNumeric;
  /** How the weight was weighed (issue 34): gross, tare and source, or null (see ActiveTicket.weighing). */
  weighing: ColumnType<TicketWeighing | null, TicketWeighing | null, TicketWeighing | null>;
  receivedWithoutLoad: Generated<boolean>;
  /** ActiveTicket.lastTimeLoaded: the last time loaded the load's history recorded. */
  lastTimeLoaded: Instant;
  /** The load's time loaded (timeLoadedOfLoad), kept after a dashboard receipt cleared time_loaded (issue 34, D3). */
  loadTimeLoaded: Instant;
  /** ActiveTicket.givenTransportCompanyName: a driver's typed haulage company no registered one has. */
  givenTransportCompanyName: Generated<string | null>;
  soilFloTicketId: number | null;
  updateSoilFlo: boolean;
  version: number;
}

/** A ticket's entry keeps the fields its event changed; the before and after are folded from them (ticket-log.ts). */
export interface TicketLogTable extends Omit<ChangeLogColumns, 'currentDataObject' | 'updatedDataObject'> {
  ticketId: number;
  eventType: string;
  streamVersion: number;
  changedFields: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
}

/** One attachment of a kept mail; the content is base64 so the row stays plain JSON. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  contentBase64: string;
}

/** Receipts to report back to SoilFLO, and how that stands (see the external receipts projection). */
export interface ExternalReceiptsTable {
  // bigserial comes back from pg as a string.
  id: Generated<string>;
  eventId: string;
  ticketId: number;
  /** The receipt's place in its ticket's stream: a later reset withdraws it, an earlier one cannot. */
  streamVersion: number;
  /** Null until the report finds the load by the ticket's number (a scale or bulk receipt of an unlooked-up load). */
  loadId: number | null;
  /** The net weight (KG) reported: the ticket's at the receipt, or a later weighing's. */
  weight: NullableNumeric;
  /** The stream version of the event the weight is from (null on reports from before weights). */
  weightVersion: number | null;
  /** A reset or deletion came after the receipt: a later weighing is not this receipt's. */
  reset: Generated<boolean>;
  receivedAt: Date;
  state: ColumnType<ExternalReceiptState, ExternalReceiptState | undefined, ExternalReceiptState>;
  attempts: Generated<number>;
  reason: string | null;
  sentAt: Date | null;
  /** Bumped by "Send again"; the relay queues a round once (queuedRound catches up). */
  sendRound: Generated<number>;
  queuedRound: Generated<number>;
  updatedAt: Generated<Date>;
}

/** Mails kept instead of sent when no SMTP_URL is set (embedded mode); not a projection. */
export interface OutboxMailTable {
  // bigserial comes back from pg as a string.
  id: Generated<string>;
  recipients: JSONColumnType<string[], string, string>;
  subject: string;
  html: string;
  text: string;
  attachments: JSONColumnType<OutboxAttachment[], string, string>;
  createdAt: ColumnType<Date, Date | undefined, never>;
}
