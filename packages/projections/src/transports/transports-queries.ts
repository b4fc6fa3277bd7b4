import type { TruckSortField } from '@portal/contract';
import { countOf } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';
import { ofCompany } from '../of-company';
import { fetchPage, type RecordListPage } from '../record-pages';
import { ticketReferences } from '../tickets/ticket-references';

export const listTransportCompanies = (db: Kysely<Database>) =>
  db
    .selectFrom('transportCompanies as tc')
    .select([
      'tc.id',
      'tc.name',
      'tc.version',
      sql<number>`(SELECT count(*)::int FROM trucks WHERE trucks.transport_company_id = tc.id)`.as(
        'truckCount',
      ),
    ])
    .orderBy('tc.name')
    .orderBy('tc.id')
    .execute();

export const findTransportCompany = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('transportCompanies')
    .select(['id', 'name', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();

const contacts = (db: Kysely<Database>) =>
  db
    .selectFrom('transportContacts as c')
    .innerJoin('transportCompanies as company', 'company.id', 'c.transportCompanyId')
    .select([
      'c.id',
      'c.transportCompanyId',
      'company.name as transportCompanyName',
      'c.name',
      'c.number',
      'c.version',
    ]);

export const listTransportContacts = (db: Kysely<Database>, transportCompanyId: number | null) =>
  ofCompany(contacts(db), 'c.transportCompanyId', transportCompanyId)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();

export const findTransportContact = (db: Kysely<Database>, id: number) =>
  contacts(db).where('c.id', '=', id).executeTakeFirst();

/** A truck: the record plus its company's name; tare weight in KG or null. */
const trucksView = (db: Kysely<Database>) =>
  db
    .selectFrom('trucks as t')
    .innerJoin('transportCompanies as company', 'company.id', 't.transportCompanyId')
    .select([
      't.id',
      't.transportCompanyId',
      'company.name as transportCompanyName',
      't.driverName',
      't.driverNumber',
      't.number',
      't.licensePlate',
      sql<number | null>`t.tare_weight::float8`.as('tareWeight'),
      sql<string | null>`to_char(t.tare_weighed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
        'tareWeighedAt',
      ),
      't.version',
    ]);

export type TruckView = NonNullable<Awaited<ReturnType<typeof findTruck>>>;

export const listTrucks = (db: Kysely<Database>, transportCompanyId: number | null = null) =>
  ofCompany(trucksView(db), 't.transportCompanyId', transportCompanyId)
    .orderBy('company.name')
    .orderBy('t.number')
    .orderBy('t.id')
    .execute();

const truckColumns: Record<TruckSortField, string> = {
  id: 't.id',
  transportCompanyName: 'company.name',
  driverName: 't.driverName',
  driverNumber: 't.driverNumber',
  number: 't.number',
  licensePlate: 't.licensePlate',
  tareWeight: 't.tareWeight',
};

/** One page of the trucks (of one company, or all), in the chosen order, and how many there are in all. */
export async function listTrucksPage(
  db: Kysely<Database>,
  transportCompanyId: number | null,
  page: RecordListPage<TruckSortField>,
) {
  const rows = ofCompany(trucksView(db), 't.transportCompanyId', transportCompanyId);
  const counted = ofCompany(
    db.selectFrom('trucks as t').select((eb) => eb.fn.countAll<number>().as('total')),
    't.transportCompanyId',
    transportCompanyId,
  );
  const { rows: trucks, total } = await fetchPage(rows, counted, page, truckColumns, 't.id');
  return { trucks, total };
}

export const findTruck = (db: Kysely<Database>, id: number) =>
  trucksView(db).where('t.id', '=', id).executeTakeFirst();

export const findTruckIdByPlate = async (
  db: Kysely<Database>,
  licensePlate: string,
): Promise<number | null> =>
  (await db.selectFrom('trucks').select('id').where('licensePlate', '=', licensePlate).executeTakeFirst())
    ?.id ?? null;

/** A transport company with its contacts and trucks, as its page shows it. */
export async function findTransportCompanyDetails(db: Kysely<Database>, id: number) {
  const company = await findTransportCompany(db, id);
  if (!company) return undefined;
  return { ...company, contacts: await listTransportContacts(db, id), trucks: await listTrucks(db, id) };
}

export const truckIdsOfCompany = async (
  db: Kysely<Database>,
  transportCompanyId: number,
): Promise<number[]> =>
  (
    await db
      .selectFrom('trucks')
      .select('id')
      .where('transportCompanyId', '=', transportCompanyId)
      .orderBy('id')
      .execute()
  ).map((row) => row.id);

/** What still refers to a transport company: its trucks and contacts. */
export async function transportCompanyReferences(db: Kysely<Database>, id: number): Promise<string[]> {
  const count = async (table: 'trucks' | 'transportContacts') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<string>`count(*)`.as('count'))
          .where('transportCompanyId', '=', id)
          .executeTakeFirstOrThrow()
      ).count,
    );
  const truckCount = await count('trucks');
  const contactCount = await count('transportContacts');
  return [
    ...(truckCount ? [countOf(truckCount, 'truck')] : []),
    ...(contactCount ? [countOf(contactCount, 'contact')] : []),
    ...(await ticketReferences(db, 'transportCompanyId', id)),
  ];
}
