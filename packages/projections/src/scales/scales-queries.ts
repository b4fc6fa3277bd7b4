import { weighingRulesOf } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../database';

const scaleColumns = [
  'id',
  'scaleName',
  'version',
  'minimumWeightDivisions',
  'returnToZeroRequired',
  'capacityKg',
] as const;

/** A scale row with its weighing rules' defaults filled in (older scales lack the rules). */
const withRules = <Row extends Parameters<typeof weighingRulesOf>[0]>(row: Row) => ({
  ...row,
  ...weighingRulesOf(row),
});

export const listScales = async (db: Kysely<Database>) =>
  (await db.selectFrom('scales').select(scaleColumns).orderBy('scaleName').orderBy('id').execute()).map(
    withRules,
  );

export const findScale = async (db: Kysely<Database>, id: number) => {
  const row = await db.selectFrom('scales').select(scaleColumns).where('id', '=', id).executeTakeFirst();
  return row && withRules(row);
};
