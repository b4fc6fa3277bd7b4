import { findTicketHashNonce } from '@portal/projections';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ticketHash } from './ticket-hash';
import { messages, type Ticket, useTicketPortal } from './ticket-test-kit';

// The public hash link (ARCHITECTURE.md, "Public ticket link"): its secret.
const kit = useTicketPortal();

const one = async (): Promise<Ticket> => {
  const [ticket] = await kit.fresh();
  if (!ticket) throw new Error('no ticket');
  return ticket;
};
const anonymous = (url: string) => kit.portal.app.inject({ method: 'GET', url });
const hashOf = async (id: number): Promise<string> => {
  const response = await kit.call('GET', `/api/ticket/${id}/hash`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ hash: string }>().hash;
};
const notFound = { message: messages.notFound };

describe('the link secret', () => {
  it('keys the hash: one made with the session-signing secret opens nothing', async () => {
    const ticket = await one();
    const nonce = await findTicketHashNonce(kit.portal.infra.db, ticket.id);
    if (nonce === null) throw new Error('no nonce');
    const { linkSecret, jwtSecret } = kit.portal.config;
    expect(linkSecret).not.toBe(jwtSecret);
    expect(await hashOf(ticket.id)).toBe(ticketHash(linkSecret, ticket.id, nonce));
    const withJwtSecret = await anonymous(
      `/api/ticket/${ticket.id}/${ticketHash(jwtSecret, ticket.id, nonce)}`,
    );
    expect(withJwtSecret.statusCode).toBe(404);
    expect(withJwtSecret.json()).toEqual(notFound);
  });

  it('two portals with different link secrets give different hashes, each opening only its own (rotating LINK_SECRET)', async () => {
    const ticket = await one();
    const rotated = await buildApp({
      ...kit.portal.infra,
      config: { ...kit.portal.infra.config, linkSecret: 'another link secret' },
    });
    try {
      const before = await hashOf(ticket.id);
      const response = await rotated.inject({
        method: 'GET',
        url: `/api/ticket/${ticket.id}/hash`,
        headers: kit.admin,
      });
      const after = response.json<{ hash: string }>().hash;
      expect(after).not.toBe(before);
      const open = (app: typeof rotated, hash: string) =>
        app.inject({ method: 'GET', url: `/api/ticket/${ticket.id}/${hash}` }).then((r) => r.statusCode);
      expect(await open(rotated, after)).toBe(200);
      expect(await open(rotated, before)).toBe(404);
      expect(await open(kit.portal.app, before)).toBe(200);
      expect(await open(kit.portal.app, after)).toBe(404);
    } finally {
      await rotated.close();
    }
  });
});
