import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import type { CatalogueEndpoints } from './catalogue';
import { contractorCompanyCatalogue, contractorContactCatalogue, contractorsEndpoints } from './contractors';
import type { Endpoint } from './endpoint';
import { integrationsEndpoints } from './integrations';
import { jobsEndpoints } from './jobs';
import { mailEndpoints } from './mail';
import { materialCatalogue, materialsEndpoints, materialTypeCatalogue } from './materials';
import { projectCatalogue, projectsEndpoints } from './projects';
import { reportsEndpoints } from './reports';
import { retentionEndpoints } from './retention';
import { scaleCatalogue, scalesEndpoints } from './scales';
import { settingsEndpoints } from './settings';
import { soilfloEndpoints } from './soilflo';
import { ticketBulkEndpoints } from './ticket-bulk';
import { ticketListEndpoints } from './ticket-lists';
import { ticketPublicLinkEndpoints } from './ticket-public-links';
import { ticketReceiptEndpoints } from './ticket-receipts';
import { ticketsEndpoints } from './tickets';
import {
  transportCompanyCatalogue,
  transportContactCatalogue,
  transportsEndpoints,
  truckCatalogue,
} from './transports';
import { usersEndpoints } from './users';
import { webhooksEndpoints } from './webhooks';

/** Every endpoint of the API, by name: the route table the server, the client and the OpenAPI document share. */
export const endpoints = {
  ...auditEndpoints,
  ...authEndpoints,
  ...contractorsEndpoints,
  ...integrationsEndpoints,
  ...jobsEndpoints,
  ...mailEndpoints,
  ...materialsEndpoints,
  ...projectsEndpoints,
  ...reportsEndpoints,
  ...retentionEndpoints,
  ...scalesEndpoints,
  ...settingsEndpoints,
  ...soilfloEndpoints,
  ...ticketsEndpoints,
  ...ticketBulkEndpoints,
  ...ticketListEndpoints,
  ...ticketPublicLinkEndpoints,
  ...ticketReceiptEndpoints,
  ...transportsEndpoints,
  ...usersEndpoints,
  ...webhooksEndpoints,
  scaleCatalogue,
  materialTypeCatalogue,
  materialCatalogue,
  projectCatalogue,
  transportCompanyCatalogue,
  transportContactCatalogue,
  truckCatalogue,
  contractorCompanyCatalogue,
  contractorContactCatalogue,
} satisfies Record<string, Endpoint | CatalogueEndpoints>;

/** Every declaration, the catalogues' four each included: what the server must handle, each once. */
export const declaredEndpoints: readonly Endpoint[] = Object.values(endpoints).flatMap((entry) =>
  'method' in entry ? [entry] : Object.values(entry),
);

export { type AnswerOf, clientOf, type InputOf, type Request, requestOf, urlOf } from './client';
export type { Access, Endpoint, KeyScope } from './endpoint';
export { endpoint, keyScopes, roleMayCall, rolesOfAccess } from './endpoint';
export { feedPageLimits } from './integrations';
