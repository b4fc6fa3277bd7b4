export * from './catalogue/catalogue-projection';
export * from './catalogue/namesakes';
export * from './contractors/contractors-queries';
export * from './database';
export * from './materials/materials-queries';
export * from './migrations';
export * from './projects/projects-queries';
export * from './record-pages';
export * from './reports/report-queries';
export * from './reports/ticket-report-queries';
export * from './retention/retention-queries';
export * from './runner/compare-read-models';
export * from './runner/projection';
export * from './runner/projection-lag';
export { ProjectionRunner, type ProjectionRunnerOptions } from './runner/projection-runner';
export * from './runner/rebuild-read-models';
export * from './scales/scales-queries';
export * from './settings/settings-queries';
export * from './tickets/daily-counts-cache';
export * from './tickets/find-ticket';
export { type TicketView, ticketsJoined } from './tickets/ticket-columns';
export * from './tickets/ticket-log';
export type { TicketListPage } from './tickets/ticket-pages';
export * from './tickets/ticket-references';
export { whereAll } from './tickets/ticket-rows';
export {
  filterConditions,
  reportLoads,
  reportTickets,
  searchLimit,
  searchTickets,
  searchTicketsPage,
  type TicketFilter,
  ticketsNumbered,
} from './tickets/ticket-search';
export * from './tickets/tickets-projection';
export * from './tickets/todays-tickets';
export * from './transports/transports-queries';
export * from './users/users-projection';
export * from './users/users-queries';
export * from './webhooks/envelope-records';
export * from './webhooks/webhook-tables';

import {
  contractorCompaniesProjection,
  contractorContactsProjection,
} from './contractors/contractors-projections';
import { materialsProjection, materialTypesProjection } from './materials/materials-projections';
import { projectsProjection } from './projects/projects-projection';
import { legalHoldsProjection, retentionPolicyProjection } from './retention/retention-projections';
import type { Projection } from './runner/projection';
import { scalesProjection } from './scales/scales-projection';
import { settingsProjection } from './settings/settings-projection';
import { externalReceiptsProjection } from './tickets/external-receipts-projection';
import { ticketsProjection } from './tickets/tickets-projection';
import {
  transportCompaniesProjection,
  transportContactsProjection,
  trucksProjection,
} from './transports/transports-projections';
import { usersProjection } from './users/users-projection';
import { webhookDeliveriesProjection } from './webhooks/webhook-deliveries-projection';

/** Every read-model projection; users first, so logs in the same batch can name the acting user. */
export const allProjections: Projection[] = [
  usersProjection,
  contractorCompaniesProjection,
  contractorContactsProjection,
  materialsProjection,
  materialTypesProjection,
  projectsProjection,
  transportCompaniesProjection,
  transportContactsProjection,
  trucksProjection,
  settingsProjection,
  retentionPolicyProjection,
  legalHoldsProjection,
  scalesProjection,
  ticketsProjection,
  externalReceiptsProjection,
  // After the tickets: a delivery carries the ticket as it was once its event was projected.
  webhookDeliveriesProjection,
];
