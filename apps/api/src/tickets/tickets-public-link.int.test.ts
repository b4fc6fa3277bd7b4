import { messages, useTicketPortal } from '@portal/api/test/ticket-kit';
import type { Ticket, TicketLogEntry } from '@portal/contract';
import { findTicketHashNonce } from '@portal/projections';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ticketHash } from './ticket-hash';

// The public hash link (docs/security.md, "Public ticket link"): what it shows, its secret, its revocation.
const kit = useTicketPortal({ standardUser: true, companies: true });

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

/** What the printed ticket shows, and nothing else, by the printed ticket's parts. */
const printedParts = {
  ticket: ['id', 'prefix', 'ticketNumber', 'date', 'timeLoaded', 'timeReceived', 'isReceived'],
  site: ['jobSite', 'contractorCompanyName', 'siteContactName', 'siteContactNumber'],
  truck: ['transportCompanyName', 'truckNumber', 'truckLicensePlate', 'truckDriverName'],
  load: ['materialTypeName', 'materialName', 'weight'],
} as const;
const publicFields = Object.values(printedParts).flat();

describe('GET /api/ticket/{id}/{hash}', () => {
  it('answers without a token once the signed-in GET /api/ticket/{id}/hash has given the hash', async () => {
    const ticket = await one();
    const hash = await hashOf(ticket.id);
    // At least 128 bits: base64url of 16 bytes.
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(hash, 'base64url')).toHaveLength(16);
    // The same link every time.
    expect(await hashOf(ticket.id)).toBe(hash);

    const open = await anonymous(`/api/ticket/${ticket.id}/${hash}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({
      id: ticket.id,
      ticketNumber: ticket.ticketNumber,
      isReceived: false,
    });
  });

  it('shows only what the printed ticket shows, even when the ticket holds notes, staff and office contacts', async () => {
    const truck = await kit.truck({ transportCompanyId: kit.haulCo.id });
    const materialType = await kit.materialType('Excess soil');
    const material = await kit.material('Clay');
    const project = await kit.project({ contractorCompanyId: kit.acme.id });
    const office = await kit.call('POST', '/api/contractorcontact/new', {
      contractorCompanyId: kit.acme.id,
      contractorContact: {
        name: 'Olive Office',
        number: '(416)555-0199',
        email: 'olive.office@acme.test',
        isOfficeContact: true,
      },
    });
    expect(office.statusCode, office.body).toBe(200);
    const ticket = await one();
    await kit.full(ticket.id, {
      ...kit.completeForm({ contractorCompanyId: kit.acme.id, transportCompanyId: kit.haulCo.id }),
      truckId: truck.id,
      truckDriverNumber: '(905)555-0142',
      contractorOfficeContactId: office.json<{ id: number }>().id,
      projectId: project.id,
      projectLeader: 'Pat Leader',
      transportContactName: 'Tara Transport',
      transportContactNumber: '(905)555-0177',
      materialTypeId: materialType.id,
      materialId: material.id,
      isSaltImpacted: true,
      notes: 'Gate code 4411, ask for Olive',
    });
    await kit.receive(ticket.id, 'ticket', kit.standard);
    const full = await kit.get(ticket.id);
    // The ticket does hold the internal values the public view must leave out.
    expect(full).toMatchObject({
      notes: 'Gate code 4411, ask for Olive',
      contractorOfficeContactEmail: 'olive.office@acme.test',
      userId: kit.standardUserId,
      userFirstName: 'Sam',
      projectLeader: 'Pat Leader',
      isReceived: true,
    });

    const open = await anonymous(`/api/ticket/${ticket.id}/${await hashOf(ticket.id)}`);
    expect(open.statusCode, open.body).toBe(200);
    const shown = open.json<Record<string, unknown>>();
    expect(Object.keys(shown).sort()).toEqual([...publicFields].sort());
    expect(shown).toEqual(Object.fromEntries(publicFields.map((field) => [field, full[field]])));
    expect(shown).toMatchObject({
      contractorCompanyName: 'Acme Earthworks',
      transportCompanyName: 'Haul Co',
      materialTypeName: 'Excess soil',
      materialName: 'Clay',
      isReceived: true,
    });
    for (const secret of [
      'Gate code',
      'olive.office@acme.test',
      'Olive Office',
      '(416)555-0199',
      'Sam',
      'Pat Leader',
      'Tara Transport',
      '(905)555-0142',
    ]) {
      expect(open.body).not.toContain(secret);
    }
  });

  it('a wrong hash, another ticket’s hash, an unknown ticket and no token answer 404/404/404/401', async () => {
    const [ticket, other] = await kit.fresh(2);
    if (!ticket || !other) throw new Error('no tickets');
    const hash = await hashOf(ticket.id);
    const otherHash = await hashOf(other.id);
    expect(otherHash).not.toBe(hash);

    const flipped = `${hash.slice(0, -1)}${hash.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [
      flipped,
      otherHash,
      'x',
      hash.toLowerCase() === hash ? hash.toUpperCase() : hash.toLowerCase(),
    ]) {
      const response = await anonymous(`/api/ticket/${ticket.id}/${wrong}`);
      expect(response.statusCode, wrong).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect((await anonymous(`/api/ticket/987654/${hash}`)).statusCode).toBe(404);
    expect((await kit.call('GET', '/api/ticket/987654/hash')).statusCode).toBe(404);
    expect((await anonymous(`/api/ticket/${ticket.id}`)).statusCode).toBe(401);
    expect((await anonymous(`/api/ticket/${ticket.id}/hash`)).statusCode).toBe(401);
  });
});

describe("the link's pages, limited per address (issue 32, item 2)", () => {
  const from = (remoteAddress: string, url: string) =>
    kit.portal.app.inject({ method: 'GET', url, remoteAddress });

  it('20 wrong links from one address, then 429 for any link from it; a link that holds costs nothing; other addresses keep theirs', async () => {
    const [ticket, other] = await kit.fresh(2);
    if (!ticket || !other) throw new Error('no tickets');
    const hash = await hashOf(ticket.id);
    const pages = ['', '/dispatch', '/haulage-record'];
    // A holder opening the link's pages many times is never limited.
    for (let i = 0; i < 30; i++) {
      const opened = await from('127.0.0.41', `/api/ticket/${ticket.id}/${hash}${pages[i % 3]}`);
      expect(opened.statusCode, opened.body).toBe(200);
    }
    // A guesser: wrong hashes and unknown tickets on every page count against the address.
    for (let i = 0; i < 20; i++) {
      const guessed = await from(
        '127.0.0.42',
        `/api/ticket/${other.id + (i % 2)}/${'A'.repeat(22)}${pages[i % 3]}`,
      );
      expect(guessed.statusCode).toBe(404);
    }
    const locked = await from('127.0.0.42', `/api/ticket/${ticket.id}/${hash}`);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      message: 'Too many wrong links from this address. Try again in 10 minutes.',
    });
    // The ticket itself is not locked: its holder elsewhere still opens it.
    expect((await from('127.0.0.41', `/api/ticket/${ticket.id}/${hash}/dispatch`)).statusCode).toBe(200);
  });
});

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

describe('POST /api/ticket/{id}/hash/revoke (administrators)', () => {
  const revoke = (id: number, headers?: Record<string, string>) =>
    kit.call('POST', `/api/ticket/${id}/hash/revoke`, undefined, headers);

  it('a standard user gets 403, no token 401, and the link keeps working', async () => {
    const ticket = await one();
    const hash = await hashOf(ticket.id);
    const standard = await revoke(ticket.id, kit.standard);
    expect(standard.statusCode).toBe(403);
    expect(standard.json()).toEqual({ message: messages.forbidden });
    expect((await revoke(ticket.id, {})).statusCode).toBe(401);
    expect(await hashOf(ticket.id)).toBe(hash);
    expect((await anonymous(`/api/ticket/${ticket.id}/${hash}`)).statusCode).toBe(200);
    expect(await kit.get(ticket.id)).toEqual(ticket);
  });

  it('issues a new link: the old hash answers 404 as a wrong one does, the new one opens the ticket', async () => {
    const ticket = await one();
    const old = await hashOf(ticket.id);
    const response = await revoke(ticket.id);
    expect(response.statusCode, response.body).toBe(200);
    const { hash } = response.json<{ hash: string }>();
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(hash).not.toBe(old);

    const oldLink = await anonymous(`/api/ticket/${ticket.id}/${old}`);
    expect(oldLink.statusCode).toBe(404);
    expect(oldLink.json()).toEqual(notFound);
    expect((await anonymous(`/api/ticket/${ticket.id}/${hash}`)).statusCode).toBe(200);
    expect(await hashOf(ticket.id)).toBe(hash);

    // Revoked again, the second link goes the way of the first.
    const again = (await revoke(ticket.id)).json<{ hash: string }>().hash;
    expect((await anonymous(`/api/ticket/${ticket.id}/${hash}`)).statusCode).toBe(404);
    expect((await anonymous(`/api/ticket/${ticket.id}/${again}`)).statusCode).toBe(200);
  });

  it("is an event on the ticket's stream, in its history and its log, without the nonce", async () => {
    const ticket = await one();
    await revoke(ticket.id);
    const history = (await kit.call('GET', `/api/ticket/${ticket.id}/history`)).json<
      { version: number; type: string; userId: number | null; data: Record<string, unknown> }[]
    >();
    expect(history.map((entry) => entry.type)).toEqual(['TicketGenerated', 'TicketLinkRevoked']);
    expect(history[1]).toMatchObject({ version: 2, data: { ticketId: ticket.id } });
    expect(history[1]?.userId).toEqual(expect.any(Number));
    for (const entry of history) expect(entry.data).not.toHaveProperty('hashNonce');

    const log = await kit.logs(ticket.id);
    expect(log.find((entry: TicketLogEntry) => entry.eventType === 'TicketLinkRevoked')).toMatchObject({
      username: 'admin@portal.test',
    });
    // The ticket itself is unchanged but for its version.
    expect(await kit.get(ticket.id)).toEqual({ ...ticket, version: ticket.version + 1 });
  });

  it('answers 404 for an unknown or deleted ticket', async () => {
    expect((await revoke(987654)).statusCode).toBe(404);
    const ticket = await one();
    expect((await kit.call('DELETE', `/api/ticket/${ticket.id}`)).statusCode).toBe(204);
    const response = await revoke(ticket.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFound);
  });
});
