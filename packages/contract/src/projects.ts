import { Nullable } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';
import { changeLogEntryFields } from './change-log';
import { LooseRecord, Versioned } from './http';

/** A project as the API answers it; names come joined from the references. */
export const ProjectSchema = Type.Object(
  {
    ...Versioned,
    projectId: Type.String({ description: "The contractor's own project reference, not the numeric id" }),
    contractorCompanyId: Type.Integer(),
    contractorCompanyName: Type.String(),
    jobSite: Type.String(),
    siteContactId: Nullable(Type.Integer()),
    siteContactName: Nullable(Type.String()),
    siteContactNumber: Nullable(Type.String()),
    officeContactId: Nullable(Type.Integer()),
    officeContactName: Nullable(Type.String()),
    officeContactNumber: Nullable(Type.String()),
    materialTypeId: Nullable(Type.Integer()),
    materialTypeName: Nullable(Type.String()),
    isSoilFLOProject: Type.Boolean(),
    ticketsSold: Type.Integer({ description: 'Read-only: counted from tickets' }),
    approved: Type.Number(),
    overThreshold: Type.Boolean(),
    saltImpacted: Type.Boolean(),
    notes: Nullable(Type.String()),
  },
  { $id: 'Project' },
);
export type Project = Static<typeof ProjectSchema>;

/** One entry of a project's change log (GET /api/project/logs/{id}), newest first. */
export const ProjectLogEntrySchema = Type.Object({ id: Type.Integer(), ...changeLogEntryFields('project') });
export type ProjectLogEntry = Static<typeof ProjectLogEntrySchema>;

/** Spec section 7: {project, loggedInUserId}; the acting user comes from the token, not the body. */
export const ProjectEnvelope = Type.Object({
  project: Type.Optional(LooseRecord),
  loggedInUserId: Type.Optional(Type.Unknown()),
});
