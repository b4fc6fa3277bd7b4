import { createHash } from 'node:crypto';
import { clientOfPortal, type Headers, injectionOf } from '@portal/api/test/portal';
import { useTicketPortal } from '@portal/api/test/ticket-kit';
import { apiKeyMessages, type Endpoint, endpoints, type InputOf, type KeyScope } from '@portal/contract';
import { ticketStreamId } from '@portal/domain';
import { describe, expect, it } from 'vitest';

/** Issue 33, item 5: API keys, issued by administrators, taken only by their scopes' routes. */
const kit = useTicketPortal({ standardUser: true, companies: true });
const client = clientOfPortal(() => kit.portal);
const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

const issue = (scopes: KeyScope[], name = `client ${crypto.randomUUID().slice(0, 6)}`) =>
  client(endpoints.postApiKeyNew, { body: { name, scopes, expiresAt: inADay() } }, kit.admin);

const asKey = (key: string): Headers => ({ authorization: `Bearer ${key}` });

const send = <const E extends Endpoint>(declaration: E, input: InputOf<E>, headers: Headers) =>
  kit.portal.app.inject({ ...injectionOf(declaration, input), headers });

const listed = async (id: string) =>
  (await client(endpoints.getApiKeyAll, {}, kit.admin)).find((apiKey) => apiKey.id === id);

describe('issuing a key', () => {
  it('shows the key once, keeps only its SHA-256, and lists it by name, scopes and expiry without it', async () => {
    const expiresAt = inADay();
    const body = {
      name: 'Accounting export',
      scopes: ['read-tickets', 'read-reports'] as KeyScope[],
      expiresAt,
    };
    const answer = await send(endpoints.postApiKeyNew, { body }, kit.admin);
    expect(answer.statusCode, answer.body).toBe(201);
    const { key, apiKey } = answer.json<{ key: string; apiKey: { id: string } }>();
    expect(key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);

    const list = await send(endpoints.getApiKeyAll, {}, kit.admin);
    expect(list.body).not.toContain(key);
    expect(await listed(apiKey.id)).toMatchObject({
      name: 'Accounting export',
      scopes: ['read-tickets', 'read-reports'],
      expiresAt,
      lastUsedAt: null,
      revokedAt: null,
    });
    const { rows } = await kit.portal.infra.pool.query('SELECT * FROM api_key WHERE id = $1', [apiKey.id]);
    expect(rows[0].key_hash).toEqual(createHash('sha256').update(key).digest());
    expect(JSON.stringify(rows)).not.toContain(key.slice(3));
  });

  it('is for administrators only, and refuses an expiry in the past or an unknown scope', async () => {
    const body = { name: 'x', scopes: ['weigh'] as KeyScope[], expiresAt: inADay() };
    expect((await send(endpoints.postApiKeyNew, { body }, kit.standard)).statusCode).toBe(403);
    const past = await send(
      endpoints.postApiKeyNew,
      { body: { ...body, expiresAt: '2020-01-01T00:00:00Z' } },
      kit.admin,
    );
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: apiKeyMessages.expiryInPast });
    const unknown = { ...body, scopes: ['write-everything'] as unknown as KeyScope[] };
    expect((await send(endpoints.postApiKeyNew, { body: unknown }, kit.admin)).statusCode).toBe(400);
  });
});

describe('using a key', () => {
  it("is taken by its scope's routes, refused on others, and notes when it was last used", async () => {
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    const { key, apiKey } = await issue(['read-tickets']);
    const read = await send(endpoints.getTicketById, { params: { id: ticket.id } }, asKey(key));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: ticket.id });
    // Another scope's route, an administrator's route, a route with no key scope: refused.
    expect((await send(endpoints.postTicketReportTable, { body: {} }, asKey(key))).statusCode).toBe(403);
    expect((await send(endpoints.getApiKeyAll, {}, asKey(key))).statusCode).toBe(403);
    expect(
      (await send(endpoints.getTicketLogsById, { params: { id: ticket.id } }, asKey(key))).statusCode,
    ).toBe(403);
    // Noted once a minute at most, off the request's path.
    await expect.poll(async () => (await listed(apiKey.id))?.lastUsedAt, { timeout: 5000 }).not.toBeNull();
  });

  it('is refused (401) once revoked, once expired, when unknown, and when its issuer is no longer an administrator', async () => {
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    const readTicket = (key: string) =>
      send(endpoints.getTicketById, { params: { id: ticket.id } }, asKey(key));

    const revoked = await issue(['read-tickets']);
    expect((await readTicket(revoked.key)).statusCode).toBe(200);
    const revoke = await send(
      endpoints.postApiKeyByIdRevoke,
      { params: { id: revoked.apiKey.id } },
      kit.admin,
    );
    expect(revoke.statusCode).toBe(204);
    const refused = await readTicket(revoked.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'The API key is unknown, expired or revoked.' });
    expect((await listed(revoked.apiKey.id))?.revokedAt).not.toBeNull();

    const expired = await issue(['read-tickets']);
    await kit.portal.infra.pool.query(
      "UPDATE api_key SET expires_at = now() - interval '1 second' WHERE id = $1",
      [expired.apiKey.id],
    );
    expect((await readTicket(expired.key)).statusCode).toBe(401);
    expect((await readTicket(`pk_${'A'.repeat(43)}`)).statusCode).toBe(401);

    const byStandard = await issue(['read-tickets']);
    await kit.portal.infra.pool.query('UPDATE api_key SET created_by_user_id = $1 WHERE id = $2', [
      kit.standardUserId,
      byStandard.apiKey.id,
    ]);
    expect((await readTicket(byStandard.key)).statusCode).toBe(401);
  });

  it("records a receipt and a weigh-in made with a key as the key's, on its issuer's authority", async () => {
    const { key: receiveKey, apiKey: receiver } = await issue(['receive']);
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    await kit.full(ticket.id, kit.completeForm(kit.companyIds()));
    const received = await send(
      endpoints.putTicketReceive,
      { body: { ticketId: ticket.id } },
      asKey(receiveKey),
    );
    expect(received.statusCode, received.body).toBe(200);

    const { key: weighKey, apiKey: weigher } = await issue(['weigh']);
    const { ticket: weighed } = await kit.truckTicket(10_000);
    const material = await kit.material(`Fill ${crypto.randomUUID().slice(0, 6)}`);
    const weigh = { ticketId: weighed.id, materialId: material.id, weight: 25_000 };
    // A weigh key may not receive, nor a receive key weigh.
    expect((await send(endpoints.putTicketWeigh, { body: weigh }, asKey(receiveKey))).statusCode).toBe(403);
    const weighing = await send(endpoints.putTicketWeigh, { body: weigh }, asKey(weighKey));
    expect(weighing.statusCode, weighing.body).toBe(200);

    const adminId = (
      await kit.portal.infra.pool.query<{ id: number }>('SELECT id FROM users WHERE role_id = 1')
    ).rows[0]?.id;
    const lastEventOf = async (ticketId: number) =>
      (await kit.portal.infra.eventStore.readStream(ticketStreamId(ticketId))).at(-1);
    expect(await lastEventOf(ticket.id)).toMatchObject({
      type: 'TicketReceived',
      metadata: { userId: adminId, apiKeyId: receiver.id },
    });
    expect((await lastEventOf(weighed.id))?.metadata).toMatchObject({
      userId: adminId,
      apiKeyId: weigher.id,
    });
    // The ticket's history tells the key's action from its issuer's own.
    const history = await client(endpoints.getTicketByIdHistory, { params: { id: ticket.id } }, kit.admin);
    expect(history.at(-1)).toMatchObject({ type: 'TicketReceived', userId: adminId, apiKeyId: receiver.id });
    expect(history[0]).not.toHaveProperty('apiKeyId');
  });
});
