import { type CatalogueRecord, type ProjectData, projects } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { Transaction } from 'kysely';
import { catalogueProjection } from '../catalogue/catalogue-projection';
import { changedBy } from '../change-log';
import type { Database } from '../database';

/** The project log: every change with who made it and the record before and after. */
async function appendProjectLog(trx: Transaction<Database>, event: RecordedEvent): Promise<void> {
  const { created, deleted } = projects.eventTypes;
  const projectId = (event.data as { id: number }).id;
  const previous = await trx
    .selectFrom('projectLog')
    .select('updatedDataObject')
    .where('projectId', '=', projectId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const who = await changedBy(trx, event);
  const before = event.type === created ? null : (previous?.updatedDataObject ?? null);
  const after = event.type === deleted ? null : (event.data as CatalogueRecord<ProjectData>);
  await trx
    .insertInto('projectLog')
    .values({
      projectId,
      ...who,
      currentDataObject: before === null ? null : JSON.stringify(before),
      updatedDataObject: after === null ? null : JSON.stringify(after),
    })
    .execute();
}

export const projectsProjection = catalogueProjection({
  catalogue: projects,
  table: 'projects',
  toRow: ({ isSoilFLOProject, ...record }) => ({ ...record, isSoilFloProject: isSoilFLOProject }),
  after: appendProjectLog,
  afterWrites: ['projectLog'],
});
