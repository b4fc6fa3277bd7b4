import type { Kysely } from 'kysely';
import type { Database } from '../database';

export const listScales = (db: Kysely<Database>) =>
  db.selectFrom('scales').select(['id', 'scaleName', 'version']).orderBy('scaleName').orderBy('id').execute();

export const findScale = (db: Kysely<Database>, id: number) =>
  db.selectFrom('scales').select(['id', 'scaleName', 'version']).where('id', '=', id).executeTakeFirst();
