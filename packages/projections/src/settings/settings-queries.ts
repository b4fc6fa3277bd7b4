import {
  defaultDisplayUnit,
  defaultHashQrAboveTicketId,
  defaultMaximumWeightKg,
  defaultSettings,
  printedRecordDefaults,
  settingsId,
} from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';

/** The site's settings, or the spec's defaults (prefix 0, default tare 0) before anyone saved them. */
export async function getSettings(db: Kysely<Database>) {
  const row = await db
    .selectFrom('settings')
    .select([
      'id',
      'currentPrefix',
      sql<number>`default_tare_weight::float8`.as('defaultTareWeight'),
      'haulageRecordReceiverName',
      'haulageRecordReceiverPhone',
      'haulageRecordReceiverEmail',
      'receivingSiteName',
      'receivingSiteAddress',
      'soilQualityStatement',
      'retareEveryDays',
      'displayUnit',
      'maximumWeightKg',
      'hashQrAboveTicketId',
      'version',
    ])
    .where('id', '=', settingsId)
    .executeTakeFirst();
  const saved = row ?? { id: settingsId, ...defaultSettings, version: 0 };
  // The printed records' texts read as the defaults until the site writes its own.
  return {
    ...saved,
    receivingSiteName: saved.receivingSiteName ?? printedRecordDefaults.receivingSiteName,
    receivingSiteAddress: saved.receivingSiteAddress ?? null,
    soilQualityStatement: saved.soilQualityStatement ?? printedRecordDefaults.soilQualityStatement,
    retareEveryDays: saved.retareEveryDays ?? null,
    displayUnit: saved.displayUnit ?? defaultDisplayUnit,
    maximumWeightKg: saved.maximumWeightKg ?? defaultMaximumWeightKg,
    hashQrAboveTicketId: saved.hashQrAboveTicketId ?? defaultHashQrAboveTicketId,
  };
}
