import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import {
  DomainError,
  dispatchLinkMessages,
  displayTicketNumber,
  driverLinkText,
  offersSendToDriver,
  ticketMessages,
  truckDispatchPath,
} from '@portal/domain';
import { findTicket, findTicketHashNonce } from '@portal/projections';
import type { FastifyRequest } from 'fastify';
import { enqueueMail } from '../mail/mail-jobs';
import { htmlParagraph, mailDocument, validateEmail } from '../reports/report-mail';
import { route } from '../route';
import { ticketHash } from './ticket-hash';

/**
 * Where the link points: PUBLIC_URL when set, else the address this request reached the portal at (the
 * same origin the office's screen shows in the QR code).
 */
function portalOrigin(publicUrl: string | null, request: FastifyRequest): string {
  try {
    return new URL(publicUrl ?? `${request.protocol}://${request.host}`).origin;
  } catch {
    throw new DomainError('validation', 'The portal address of this request is not valid.');
  }
}

/**
 * Same address, same link, same minute: one mail (a double click queues nothing more). The id holds a
 * digest, never the hash, since the mail queue logs ids.
 */
const mailIdOf = (ticketId: number, to: string, hash: string, now: Date): string => {
  const digest = createHash('sha256').update(`${to.toLowerCase()}\n${hash}`).digest('hex').slice(0, 16);
  return `dispatch-link-${ticketId}-${digest}-${Math.floor(now.getTime() / 60_000)}`;
};

/** Send to driver by e-mail: the ticket's dispatch link, through the mail queue (SMTP, or the outbox). */
export const dispatchLinkMailRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, jobs } = app.infra;

  route(app, endpoints.postTicketByIdDispatchLinkMail, async (request) => {
    const { id } = request.params;
    const to = validateEmail('to', request.body.to);
    if (to === null)
      throw new DomainError('validation', dispatchLinkMessages.recipientRequired, {
        to: dispatchLinkMessages.recipientRequired,
      });
    const [ticket, nonce] = await Promise.all([findTicket(db, id), findTicketHashNonce(db, id)]);
    if (!ticket || nonce === null) throw new DomainError('not_found', ticketMessages.notFound);
    if (!offersSendToDriver(ticket)) throw new DomainError('conflict', dispatchLinkMessages.notOffered);

    const hash = ticketHash(config.linkSecret, id, nonce);
    const url = `${portalOrigin(config.publicUrl, request)}${truckDispatchPath(id, hash)}`;
    const text = driverLinkText(ticket, url);
    const subject = `Dispatch link for ticket ${displayTicketNumber(ticket)}`;
    const mailId = mailIdOf(id, to, hash, new Date());
    await enqueueMail(jobs, mailId, {
      to: [to],
      subject,
      html: mailDocument(subject, [htmlParagraph(text)]),
      text,
    });
    return { to, mailId };
  });
};
