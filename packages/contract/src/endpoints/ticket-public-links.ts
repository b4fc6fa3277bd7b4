// A ticket's public link (its hash) and the pages it opens without login: the printed ticket, the
// driver's Truck Dispatch and the haulage record.
import {
  DispatchLinkMailBodySchema,
  DispatchLinkMailSentSchema,
  LinkHashSchema,
  LinkParams,
} from '../dispatch-link';
import { ErrorSchema, IdParams, LooseRecord, okResponses } from '../http';
import { DispatchViewSchema, HaulageRecordSchema } from '../records';
import { PublicTicketSchema } from '../tickets';
import { endpoint } from './endpoint';

const wrongLinksLimited =
  'Rate limited per client address: 20 wrong links (a wrong, revoked or foreign hash, or no such ticket) per 10 minutes, then 429 for any link until the window ends; a link that holds costs nothing.';

export const ticketPublicLinkEndpoints = {
  getTicketByIdHash: endpoint({
    method: 'GET',
    path: '/api/ticket/:id/hash',
    access: 'user',
    tags: ['tickets'],
    summary: "The ticket's public-link hash",
    params: IdParams,
    response: okResponses(LinkHashSchema),
  }),
  postTicketByIdHashRevoke: endpoint({
    method: 'POST',
    path: '/api/ticket/:id/hash/revoke',
    access: 'admin',
    tags: ['tickets'],
    summary:
      "Revokes the ticket's public link: its hash answers 404 from now on. Answers the new link's hash",
    params: IdParams,
    response: okResponses(LinkHashSchema),
  }),
  getTicketByIdByHash: endpoint({
    method: 'GET',
    path: '/api/ticket/:id/:hash',
    access: 'public',
    tags: ['tickets'],
    summary: 'What the printed ticket shows, without login, through its public-link hash',
    description: wrongLinksLimited,
    params: LinkParams,
    response: { ...okResponses(PublicTicketSchema), 429: ErrorSchema },
  }),
  getTicketByIdByHashDispatch: endpoint({
    method: 'GET',
    path: '/api/ticket/:id/:hash/dispatch',
    access: 'public',
    tags: ['tickets', 'public link'],
    summary: "The Truck Dispatch page's load and the haulage companies to choose from",
    description: wrongLinksLimited,
    params: LinkParams,
    response: { ...okResponses(DispatchViewSchema), 429: ErrorSchema },
  }),
  postTicketByIdByHashDispatch: endpoint({
    method: 'POST',
    path: '/api/ticket/:id/:hash/dispatch',
    access: 'public',
    tags: ['tickets', 'public link'],
    summary:
      'A driver dispatches the load: time loaded (if the ticket has none), haulage company, truck number, plate, driver name and number',
    description:
      "Rate limited: 20 attempts per 10 minutes from one address and 10 per ticket (429 past that); a wrong hash counts against its address only, never against the ticket. A time loaded the ticket has is kept; on a ticket with none, the given one must lie between the ticket's date and now (a 400 otherwise). A SoilFLO load or a received ticket is a 409. The plate of a registered truck of the chosen company links that truck (its stored tare then weighs the load in); another company's truck is not linked. When the truck is also dispatched on other open tickets, the answer's sameTruckWarning says how many (the dispatch is still recorded).",
    params: LinkParams,
    body: LooseRecord,
    response: { ...okResponses(DispatchViewSchema), 429: ErrorSchema },
  }),
  getTicketByIdByHashHaulageRecord: endpoint({
    method: 'GET',
    path: '/api/ticket/:id/:hash/haulage-record',
    access: 'public',
    tags: ['tickets', 'public link'],
    summary: "The ticket's haulage record, as printed (what the haulage record's QR code opens)",
    description: wrongLinksLimited,
    params: LinkParams,
    response: { ...okResponses(HaulageRecordSchema), 429: ErrorSchema },
  }),
  postTicketByIdDispatchLinkMail: endpoint({
    method: 'POST',
    path: '/api/ticket/:id/dispatch-link/mail',
    access: 'user',
    tags: ['tickets'],
    summary:
      "Mails the driver the ticket's Truck Dispatch link (/truck-dispatch/{id}?hash=…), for a loaded ticket not received, rejected or from SoilFLO. The link's address is PUBLIC_URL, or without it the address the request came to. Answers where it went and the queued mail's id, never the link",
    params: IdParams,
    body: DispatchLinkMailBodySchema,
    response: okResponses(DispatchLinkMailSentSchema),
  }),
};
