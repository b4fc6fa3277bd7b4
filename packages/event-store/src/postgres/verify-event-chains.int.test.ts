import { generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { useTestPool } from '@portal/event-store/test/test-pool';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventChainHash, eventContentHash } from '../event-chain';
import { rawPublicKey, sealKeyId, sealMerkleRoot, sealStreamId, signSeal } from '../event-seal';
import type { NewEvent } from '../event-store';
import { type EventsSealedData, sealStreamHeads } from './event-seals';
import { migrateEventStore } from './migrate-event-store';
import { PostgresEventStore } from './postgres-event-store';
import { verifyEventChains } from './verify-event-chains';

// A database per test: a break one test makes would be every later test's first break.
const postgres = useTestPool({ max: 4, perTest: true });

const ticketEvent = (type: string, n: number): NewEvent => ({
  type,
  data: { ticketId: n, weight: { net: 12.5 + n, unit: 'tonne' }, driver: `Driver ${n}` },
  metadata: { userId: 1, occurredAt: `2026-11-27T08:0${n}:00.000Z` },
});

/** Three streams: ticket-1 and ticket-2 of three events, user-1 of two. */
async function appendHistory(): Promise<void> {
  const store = new PostgresEventStore({ pool: postgres.pool });
  try {
    for (const streamId of ['ticket-1', 'ticket-2']) {
      await store.append(streamId, [ticketEvent('TicketGenerated', 1), ticketEvent('TicketEdited', 2)]);
      await store.append(streamId, [ticketEvent('TicketReceived', 3)], { expectedVersion: 2 });
    }
    await store.append('user-1', [ticketEvent('UserRegistered', 1), ticketEvent('UserRoleChanged', 2)]);
  } finally {
    await store.close();
  }
}

/**
 * Changes history as someone with database access could, the append-only trigger off meanwhile: one
 * simple query, so one transaction (the trigger is back on, or nothing happened).
 */
const tamper = (statements: string[]) =>
  postgres.pool.query(
    [
      'ALTER TABLE events DISABLE TRIGGER events_append_only',
      ...statements,
      'ALTER TABLE events ENABLE TRIGGER events_append_only',
    ].join(';\n'),
  );

const recordedAt = async (streamId: string, version: number) =>
  (
    await postgres.pool.query<{ recorded_at: Date }>(
      'SELECT recorded_at FROM events WHERE stream_id = $1 AND stream_version = $2',
      [streamId, version],
    )
  ).rows[0]?.recorded_at.toISOString();

describe('verifyEventChains on chains appended by the store', () => {
  beforeEach(async () => {
    await migrateEventStore(postgres.pool);
    await appendHistory();
  });

  it('finds every link whole when nothing was touched, reading in pages smaller than a stream', async () => {
    const progress: number[] = [];
    expect(
      await verifyEventChains(postgres.pool, { pageSize: 2, onProgress: (n) => void progress.push(n) }),
    ).toEqual({
      ok: true,
      checkedEvents: 8,
      firstBreak: null,
    });
    expect(progress).toEqual([2, 4, 6, 8]);
  });

  it.each([
    [
      'data',
      `UPDATE events SET data = jsonb_set(data, '{weight,net}', '99') WHERE stream_id = 'ticket-2' AND stream_version = 2`,
    ],
    [
      'metadata',
      `UPDATE events SET metadata = metadata || '{"userId": 2}' WHERE stream_id = 'ticket-2' AND stream_version = 2`,
    ],
    [
      'type',
      `UPDATE events SET event_type = 'TicketRejected' WHERE stream_id = 'ticket-2' AND stream_version = 2`,
    ],
  ])('reports an edited %s as changed content at its event', async (_field, edit) => {
    const expectedTime = await recordedAt('ticket-2', 2);
    await tamper([edit]);

    expect(await verifyEventChains(postgres.pool)).toEqual({
      ok: false,
      checkedEvents: 4,
      firstBreak: { streamId: 'ticket-2', position: 2, reason: 'content-changed', recordedAt: expectedTime },
    });
  });

  it('reports a deleted event as missing where the stream skips its version', async () => {
    const nextTime = await recordedAt('ticket-2', 3);
    await tamper([`DELETE FROM events WHERE stream_id = 'ticket-2' AND stream_version = 2`]);

    expect(await verifyEventChains(postgres.pool)).toEqual({
      ok: false,
      checkedEvents: 4,
      firstBreak: { streamId: 'ticket-2', position: 2, reason: 'missing-event', recordedAt: nextTime },
    });
  });

  it('reports a deleted first event as the stream starting late', async () => {
    await tamper([`DELETE FROM events WHERE stream_id = 'ticket-1' AND stream_version = 1`]);

    expect((await verifyEventChains(postgres.pool)).firstBreak).toMatchObject({
      streamId: 'ticket-1',
      position: 1,
      reason: 'missing-event',
    });
  });

  it('reports two events swapped as a broken link where the first of them now stands', async () => {
    const movedTime = await recordedAt('ticket-2', 3);
    await tamper([
      `UPDATE events SET stream_version = 1000 WHERE stream_id = 'ticket-2' AND stream_version = 2`,
      `UPDATE events SET stream_version = 2 WHERE stream_id = 'ticket-2' AND stream_version = 3`,
      `UPDATE events SET stream_version = 3 WHERE stream_id = 'ticket-2' AND stream_version = 1000`,
    ]);

    expect(await verifyEventChains(postgres.pool)).toEqual({
      ok: false,
      checkedEvents: 4,
      firstBreak: { streamId: 'ticket-2', position: 2, reason: 'chain-broken', recordedAt: movedTime },
    });
  });

  it('reports an event inserted without the append function as having no hash', async () => {
    await postgres.pool.query(
      `INSERT INTO events (stream_id, stream_version, event_id, event_type, data, metadata)
       VALUES ('ticket-2', 4, $1, 'TicketReceiptReset', '{}', '{"userId": 1, "occurredAt": "2026-11-27T09:00:00Z"}')`,
      [randomUUID()],
    );
    const forgedTime = await recordedAt('ticket-2', 4);

    expect(await verifyEventChains(postgres.pool)).toEqual({
      ok: false,
      checkedEvents: 6,
      firstBreak: { streamId: 'ticket-2', position: 4, reason: 'missing-hash', recordedAt: forgedTime },
    });
  });

  it('reports an event forged into the middle with valid hashes at the next event, whose link it cannot mend', async () => {
    const { rows } = await postgres.pool.query<{ chain_hash: Buffer }>(
      `SELECT chain_hash FROM events WHERE stream_id = 'ticket-2' AND stream_version = 1`,
    );
    const forged = { eventId: randomUUID(), ...ticketEvent('TicketRejected', 9) };
    const contentHash = eventContentHash(forged);
    const chainHash = eventChainHash(rows[0]?.chain_hash as Buffer, contentHash, 2, 'ticket-2');
    const shiftedTime = await recordedAt('ticket-2', 2);
    await tamper([
      `UPDATE events SET stream_version = 4 WHERE stream_id = 'ticket-2' AND stream_version = 3`,
      `UPDATE events SET stream_version = 3 WHERE stream_id = 'ticket-2' AND stream_version = 2`,
    ]);
    await postgres.pool.query(
      `INSERT INTO events (stream_id, stream_version, event_id, event_type, data, metadata, content_hash, chain_hash)
       VALUES ('ticket-2', 2, $1, $2, $3, $4, $5, $6)`,
      [forged.eventId, forged.type, forged.data, forged.metadata, contentHash, chainHash],
    );

    expect(await verifyEventChains(postgres.pool)).toEqual({
      ok: false,
      checkedEvents: 5,
      firstBreak: { streamId: 'ticket-2', position: 3, reason: 'chain-broken', recordedAt: shiftedTime },
    });
  });
});

describe('the migration that chains events stored before the chain', () => {
  it('hashes them without changing them, records where each chain starts, and later appends chain on', async () => {
    await migrateEventStore(postgres.pool, { upTo: '2026-11-23-001-append-events-function' });
    await appendHistory();
    const before = await postgres.pool.query('SELECT * FROM events ORDER BY global_position');

    await migrateEventStore(postgres.pool);
    const store = new PostgresEventStore({ pool: postgres.pool });
    await store.append('ticket-1', [ticketEvent('TicketRejected', 4)], { expectedVersion: 3 });
    await store.append('ticket-3', [ticketEvent('TicketGenerated', 1)]);
    await store.close();

    const after = await postgres.pool.query(
      `SELECT global_position, transaction_id, stream_id, stream_version, event_id, event_type, data, metadata,
         recorded_at FROM events WHERE global_position <= $1 ORDER BY global_position`,
      [before.rows.at(-1).global_position],
    );
    expect(after.rows).toEqual(before.rows);
    const { rows: starts } = await postgres.pool.query(
      'SELECT stream_id, back_filled_through FROM event_chain_starts ORDER BY stream_id',
    );
    expect(starts).toEqual([
      { stream_id: 'ticket-1', back_filled_through: 3 },
      { stream_id: 'ticket-2', back_filled_through: 3 },
      { stream_id: 'user-1', back_filled_through: 2 },
    ]);
    expect(await verifyEventChains(postgres.pool)).toEqual({ ok: true, checkedEvents: 10, firstBreak: null });
    await expect(postgres.pool.query(`DELETE FROM events WHERE stream_id = 'ticket-1'`)).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('verifyEventChains against the seals', () => {
  const genuine = generateKeyPairSync('ed25519');
  const genuineKey = rawPublicKey(genuine.publicKey);

  /** Seals every head as the portal does, signing with `privateKey` and naming `publicKey` as the signer's. */
  const seal = async (privateKey: KeyObject = genuine.privateKey, publicKey = genuineKey) => {
    const store = new PostgresEventStore({ pool: postgres.pool });
    try {
      return await sealStreamHeads(postgres.pool, {
        reasonFor: () => 'on-demand' as const,
        async append(heads, expectedVersion, reason) {
          const facts = {
            sealedAt: new Date().toISOString(),
            streams: heads.length,
            events: heads.reduce((sum, head) => sum + head.version, 0),
            merkleRoot: sealMerkleRoot(heads).toString('hex'),
            reason,
          };
          const data: EventsSealedData = {
            ...facts,
            keyId: sealKeyId(publicKey),
            publicKey,
            signature: signSeal(facts, privateKey),
          };
          const metadata = { userId: null, occurredAt: facts.sealedAt };
          await store.append(sealStreamId, [{ type: 'EventsSealed', data, metadata }], { expectedVersion });
          return data;
        },
      });
    } finally {
      await store.close();
    }
  };
  const sealRecordedAt = (version: number) => recordedAt(sealStreamId, version);
  /**
   * Verification with the genuine key fails after checking `checkedEvents` events, first at `position`
   * of `streamId` for `reason` (the break recorded at `at`); with a `label`, the answer is printed under it.
   */
  const expectBreak = async (
    label: string | null,
    checkedEvents: number,
    [streamId, position, reason, at]: [string, number, string, string | undefined],
  ) => {
    const verification = await verifyEventChains(postgres.pool, { sealKeys: [genuineKey] });
    if (label) console.info(`${label}:`, JSON.stringify(verification));
    expect(verification).toEqual({
      ok: false,
      checkedEvents,
      firstBreak: { streamId, position, reason, recordedAt: at },
    });
  };

  beforeEach(async () => {
    await migrateEventStore(postgres.pool);
    await appendHistory();
  });

  it('holds when nothing was touched: the seal covers the eight events of three streams, and is chained itself', async () => {
    expect(await seal()).toMatchObject({ streams: 3, events: 8, reason: 'on-demand' });

    expect(await verifyEventChains(postgres.pool, { sealKeys: [genuineKey] })).toEqual({
      ok: true,
      checkedEvents: 9,
      firstBreak: null,
    });
  });

  it('names a stream whose last event was deleted after the seal as truncated, from the first version gone', async () => {
    await seal();
    await tamper([`DELETE FROM events WHERE stream_id = 'ticket-2' AND stream_version = 3`]);

    await expectBreak('truncated tail', 8, ['ticket-2', 3, 'truncated', await sealRecordedAt(1)]);
  });

  it('names a whole stream dropped after the seal as missing', async () => {
    await seal();
    await tamper([`DELETE FROM events WHERE stream_id = 'user-1'`]);

    await expectBreak('stream dropped', 7, ['user-1', 2, 'stream-missing', await sealRecordedAt(1)]);
  });

  it('names a tail rewritten with valid hashes after the seal: the sealed head is not the event there now', async () => {
    await seal();
    await tamper([`DELETE FROM events WHERE stream_id = 'ticket-1' AND stream_version = 3`]);
    const store = new PostgresEventStore({ pool: postgres.pool });
    await store.append('ticket-1', [ticketEvent('TicketRejected', 3)], { expectedVersion: 2 });
    await store.close();

    await expectBreak(null, 9, ['ticket-1', 3, 'sealed-head-changed', await recordedAt('ticket-1', 3)]);
  });

  it('refuses a seal forged with another key, whether it names that key or the genuine one', async () => {
    await seal();
    const forger = generateKeyPairSync('ed25519');
    await seal(forger.privateKey, rawPublicKey(forger.publicKey));

    await expectBreak('seal signed by an unknown key', 10, [
      sealStreamId,
      2,
      'seal-signature-invalid',
      await sealRecordedAt(2),
    ]);

    await seal(forger.privateKey, genuineKey);
    expect((await verifyEventChains(postgres.pool, { sealKeys: [genuineKey, ''] })).firstBreak).toMatchObject(
      {
        streamId: sealStreamId,
        position: 2,
        reason: 'seal-signature-invalid',
      },
    );
  });

  it('finds the heads the latest seal recorded edited: they no longer hash to the root it signed', async () => {
    await seal();
    await postgres.pool.query(`UPDATE event_seal_heads SET stream_version = 2 WHERE stream_id = 'ticket-2'`);

    expect((await verifyEventChains(postgres.pool, { sealKeys: [genuineKey] })).firstBreak).toEqual({
      streamId: sealStreamId,
      position: 1,
      reason: 'seal-heads-changed',
      recordedAt: await sealRecordedAt(1),
    });
  });

  it('verifies seals of a rotated key while its public key is kept, and not once it is dropped', async () => {
    await seal();
    const rotated = generateKeyPairSync('ed25519');
    const rotatedKey = rawPublicKey(rotated.publicKey);
    await seal(rotated.privateKey, rotatedKey);

    expect(await verifyEventChains(postgres.pool, { sealKeys: [rotatedKey, genuineKey] })).toEqual({
      ok: true,
      checkedEvents: 10,
      firstBreak: null,
    });
    const dropped = await verifyEventChains(postgres.pool, { sealKeys: [rotatedKey] });
    console.info('old key not kept:', JSON.stringify(dropped));
    expect(dropped.firstBreak).toMatchObject({
      streamId: sealStreamId,
      position: 1,
      reason: 'seal-signature-invalid',
    });
  });

  it('keeps the leaves of the latest seal only', async () => {
    await seal();
    await seal();

    const { rows } = await postgres.pool.query<{ seal_version: number; n: number }>(
      'SELECT seal_version, count(*)::int AS n FROM event_seal_heads GROUP BY seal_version',
    );
    expect(rows).toEqual([{ seal_version: 2, n: 3 }]);
  });
});
