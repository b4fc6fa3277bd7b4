import { isStorableId } from '@portal/domain';
import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import type { Database } from '../database';
import type { TicketView } from './ticket-columns';
import { asViews } from './ticket-rows';

const ticketLoaders = new WeakMap<Kysely<Database>, DataLoader<number, TicketView | undefined>>();

/**
 * The tickets asked for by id in one turn of the event loop, read by one statement (nothing is cached):
 * the commands that wait for one projection batch wake together, and each reads its ticket back.
 */
function ticketLoader(db: Kysely<Database>): DataLoader<number, TicketView | undefined> {
  let loader = ticketLoaders.get(db);
  if (!loader) {
    const plain = db.withoutPlugins();
    loader = new DataLoader(
      async (ids) => {
        const found = await asViews.withIds(plain, ids);
        const byId = new Map(found.map((ticket) => [ticket.id, ticket]));
        return ids.map((id) => byId.get(id));
      },
      { cache: false },
    );
    ticketLoaders.set(db, loader);
  }
  return loader;
}

/**
 * An id no ticket can have (past PostgreSQL's integer) is not sent: it would fail the statement, and with
 * it every other request's read in the same batch.
 */
export const findTicket = async (db: Kysely<Database>, id: number): Promise<TicketView | undefined> =>
  isStorableId(id) ? ticketLoader(db).load(id) : undefined;

/** The hash secret input of a ticket (never sent to clients). */
export const findTicketHashNonce = async (db: Kysely<Database>, id: number): Promise<string | null> =>
  (await db.selectFrom('tickets').select('hashNonce').where('id', '=', id).executeTakeFirst())?.hashNonce ??
  null;
