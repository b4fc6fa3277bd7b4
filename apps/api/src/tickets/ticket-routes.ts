import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bulkEditRoutes } from './bulk-edit-tickets';
import { bulkReceiveCheckRoute } from './bulk-receive-check';
import { bulkReceiveRoute } from './bulk-receive-tickets';
import { deleteTicketRoute } from './delete-ticket';
import { discardFirstWeightRoute } from './discard-first-weight';
import { dispatchLinkMailRoute } from './dispatch-link-mail';
import { linkRecordRoutes } from './dispatch-truck';
import { generateTicketsRoute } from './generate-tickets';
import { printedRecordRoutes } from './printed-records';
import { publicTicketRoutes } from './public-ticket';
import { receiveTicketRoute } from './receive-ticket';
import { rejectTicketRoute } from './reject-ticket';
import { resetReceiptRoute } from './reset-receipt';
import { restoreTicketRoute } from './restore-ticket';
import { revokeTicketLinkRoute } from './revoke-ticket-link';
import { sameTruckRoute } from './same-truck';
import { externalTicketRoutes } from './save-external-ticket';
import { saveTicketRoutes } from './save-ticket';
import { ticketQueryRoutes } from './ticket-queries';
import { toggleDispatchRoute } from './toggle-dispatch';
import { weighTicketRoute } from './weigh-ticket';

/**
 * The tickets' routes (docs/api-tickets.md): the queries, then one plugin per command. Standard users
 * receive, weigh, toggle the dispatch lock and save unreceived tickets.
 */
export const ticketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const routes of [
    ticketQueryRoutes,
    publicTicketRoutes,
    linkRecordRoutes,
    printedRecordRoutes,
    generateTicketsRoute,
    bulkEditRoutes,
    bulkReceiveRoute,
    bulkReceiveCheckRoute,
    saveTicketRoutes,
    externalTicketRoutes,
    receiveTicketRoute,
    weighTicketRoute,
    sameTruckRoute,
    discardFirstWeightRoute,
    toggleDispatchRoute,
    rejectTicketRoute,
    resetReceiptRoute,
    restoreTicketRoute,
    revokeTicketLinkRoute,
    dispatchLinkMailRoute,
    deleteTicketRoute,
  ]) {
    await app.register(routes);
  }
};
