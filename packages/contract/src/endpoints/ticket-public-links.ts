// A ticket's public link (its hash) and the pages it opens without login: the printed ticket, the
// driver's Truck Dispatch and the haulage record.
import {
  DispatchLinkMailBodySchema,
  DispatchLinkMailSentSchema,
  DriverDispatchBodySchema,
  LinkHashSchema,
  LinkParams,
} from '../dispatch-link';
import { ErrorSchema, IdParams, okResponses } from '../http';
import { DispatchViewSchema, HaulageRecordSchema, PublicHaulageRecordSchema } from '../records';
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
    summary:
      "The Truck Dispatch page's load: what the page shows, and no more (no haulage company directory, no driver's phone)",
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
      'A driver dispatches the load: time loaded (if the ticket has none), haulage company by name, truck number, plate (if the ticket has none), driver name and number',
    description:
      "Rate limited: 20 attempts per 10 minutes from one address and 10 per ticket (429 past that); a wrong hash counts against its address only, never against the ticket. A time loaded the ticket has is kept; on a ticket with none, the given one must lie between the ticket's date and now (a 400 otherwise). A plate the ticket has is kept, and a driver's number left out keeps the ticket's. The haulage company is typed: the registered company of that name (in any case) is linked; a name none has is kept on the ticket as givenTransportCompanyName, the ticket then names no company, and the office registers or picks it (the link creates nothing). A SoilFLO load or a received ticket is a 409. The plate of a registered truck of the matched company links that truck (its stored tare then weighs the load in); another company's truck is not linked. When the truck is also dispatched on other open tickets, the answer's sameTruckWarning says how many (the dispatch is still recorded).",
    params: LinkParams,
    body: DriverDispatchBodySchema,
    response: { ...okResponses(DispatchViewSchema), 429: ErrorSchema },
  }),
  getTicketByIdByHashHaulageRecord: endpoint({
    method: 'GET',
    path: '/api/ticket/:id/:hash/haulage-record',
    access: 'public',
    tags: ['tickets', 'public link'],
    summary:
      "The ticket's haulage record for the link's holder (what the haulage record's QR code opens): the hauling record's fields only",
    description: `${wrongLinksLimited} Issue 32: the project, the office contact and the receiver's phone and e-mail are left out (GET /api/ticket/{id}/haulage-record, signed in, has them).`,
    params: LinkParams,
    response: { ...okResponses(PublicHaulageRecordSchema), 429: ErrorSchema },
  }),
  getTicketByIdHaulageRecord: endpoint({
    method: 'GET',
    path: '/api/ticket/:id/haulage-record',
    access: 'user',
    tags: ['tickets'],
    summary:
      "The ticket's whole printed haulage record, signed in: the link's answer plus the project, its leader, the contractor's office contact and the receiver's phone and e-mail",
    params: IdParams,
    response: okResponses(HaulageRecordSchema),
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
