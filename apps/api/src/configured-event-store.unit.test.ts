import { EventStoreDbEventStore } from '@portal/event-store';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openConfiguredEventStore } from './configured-event-store';

// A real pool aimed at a port where nothing listens: any use of PostgreSQL fails at once.
const unreachable = () => new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
let pool: pg.Pool;

afterEach(async () => {
  await pool.end();
});

describe('the configured event store', () => {
  it('is EventStoreDB when EVENTSTORE_URL is set, and leaves PostgreSQL untouched', async () => {
    pool = unreachable();
    const store = await openConfiguredEventStore('esdb://127.0.0.1:2113?tls=false', pool);

    expect(store).toBeInstanceOf(EventStoreDbEventStore);
    expect(pool.totalCount).toBe(0);
    await store.close();
  });

  it('is PostgreSQL, migrated first, when EVENTSTORE_URL is not set', async () => {
    pool = unreachable();

    await expect(openConfiguredEventStore(null, pool)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('refuses an EVENTSTORE_URL that is no EventStoreDB connection string', async () => {
    pool = unreachable();

    await expect(openConfiguredEventStore('http://localhost:2113', pool)).rejects.toThrow();
  });
});
