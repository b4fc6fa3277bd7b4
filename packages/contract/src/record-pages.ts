import { OneOf } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';
import { ProjectSchema } from './projects';
import { TruckSchema } from './transports';

/** The record tables' page sizes (docs/rules.md, "Screens": 50 a page, with 50, 100 or 150 to choose). */
export const recordPageSizes = [50, 100, 150] as const;

/** The columns the trucks table can be ordered by. */
export const truckSortFields = [
  'id',
  'transportCompanyName',
  'driverName',
  'driverNumber',
  'number',
  'licensePlate',
  'tareWeight',
] as const;
export type TruckSortField = (typeof truckSortFields)[number];

/** The columns the projects table can be ordered by. */
export const projectSortFields = [
  'id',
  'projectId',
  'contractorCompanyName',
  'jobSite',
  'siteContactName',
  'siteContactNumber',
  'officeContactName',
  'officeContactNumber',
  'ticketsSold',
  'approved',
  'saltImpacted',
  'overThreshold',
  'isSoilFLOProject',
] as const;
export type ProjectSortField = (typeof projectSortFields)[number];

/**
 * One page of a record list, asked for in the query string. Sent, the list answers that page and its
 * `total`; left out, the spec's answer (every record) is kept.
 */
export const recordPageQuery = <const Fields extends readonly string[]>(sortFields: Fields) =>
  Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'From 1' })),
    perPage: Type.Optional(OneOf(recordPageSizes)),
    sort: Type.Optional(OneOf(sortFields)),
    order: Type.Optional(OneOf(['ASC', 'DESC'])),
  });
export const TruckPageQuery = recordPageQuery(truckSortFields);
export type TruckPageQuery = Static<typeof TruckPageQuery>;
export const ProjectPageQuery = recordPageQuery(projectSortFields);
export type ProjectPageQuery = Static<typeof ProjectPageQuery>;

/*
 * The page schemas hold copies of the record schemas (Composite builds one without the $id): a list route
 * answers either the spec's array or a page, and its serializer refuses two schemas of one $id.
 */

/** A page of trucks and how many there are in all. */
export const TruckPageSchema = Type.Object({
  trucks: Type.Array(Type.Composite([TruckSchema])),
  total: Type.Integer({ description: 'Every matching truck, on all pages' }),
});
export type TruckPage = Static<typeof TruckPageSchema>;

/** A page of projects and how many there are in all. */
export const ProjectPageSchema = Type.Object({
  projects: Type.Array(Type.Composite([ProjectSchema])),
  total: Type.Integer({ description: 'Every matching project, on all pages' }),
});
export type ProjectPage = Static<typeof ProjectPageSchema>;

/** Says so in a list route's OpenAPI description: `records` names what the list holds (tickets, records). */
export const pagingDescription = (sizes: readonly number[], records: string) =>
  `With \`page\` and/or \`perPage\` (${sizes.join(', ')}) in the query string, one page in the order of ` +
  `\`sort\` and \`order\` (by default the list's own) and, in \`total\`, how many ${records} the list holds; ` +
  `without them, every one, as the spec answers.`;
