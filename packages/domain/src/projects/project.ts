import { type Static, Type } from '@sinclair/typebox';
import { defineCatalogue } from '../catalogue/catalogue';
import {
  flag,
  isStorableAmount,
  isStorableId,
  numberTooLargeMessage,
  optionalId,
  optionalNumber,
  optionalText,
  text,
  unchosenIdMessage,
} from '../catalogue/fields';
import { assertValid, type FieldErrors } from '../errors';
import { Nullable } from '../schemas';

export const ProjectDataSchema = Type.Object({
  /** The contractor's own project reference (spec: projectId), not the numeric id. */
  projectId: Type.String(),
  contractorCompanyId: Type.Integer(),
  jobSite: Type.String(),
  siteContactId: Nullable(Type.Integer()),
  officeContactId: Nullable(Type.Integer()),
  materialTypeId: Nullable(Type.Integer()),
  isSoilFLOProject: Type.Boolean(),
  approved: Type.Number(),
  overThreshold: Type.Boolean(),
  saltImpacted: Type.Boolean(),
  notes: Nullable(Type.String()),
});
export type ProjectData = Static<typeof ProjectDataSchema>;

/**
 * ProjectWentOverThreshold: the project's overThreshold flag turned true (registered with it, or edited from
 * false), appended after the save that did it; webhooks and the feed tell it as `project.over_threshold`.
 */
export const projects = defineCatalogue('Project', ProjectDataSchema, {
  notices: {
    schemas: { ProjectWentOverThreshold: Type.Object({ id: Type.Integer() }) },
    of: (before, saved) =>
      saved.overThreshold && !(before.status === 'active' && before.record.overThreshold)
        ? [{ type: 'ProjectWentOverThreshold', data: { id: saved.id } }]
        : [],
  },
});

export const projectMessages = {
  projectIdRequired: 'Project ID is required',
  jobSiteRequired: 'Job site is required',
  contractorRequired: 'Contractor is required',
  contractorNotSelected: 'Please select a contractor',
  approvedInvalid: 'Approved must be a number of 0 or more',
} as const;

export function validateProject(input: Record<string, unknown>): ProjectData {
  const errors: FieldErrors = {};
  const projectId = text(input.projectId);
  if (projectId === '') errors.projectId = projectMessages.projectIdRequired;
  const contractorCompanyId = optionalId(input.contractorCompanyId, 'contractorCompanyId');
  if (contractorCompanyId === null) {
    errors.contractorCompanyId = unchosenIdMessage(input.contractorCompanyId, {
      required: projectMessages.contractorRequired,
      notSelected: projectMessages.contractorNotSelected,
    });
  }
  const ids = {
    contractorCompanyId,
    siteContactId: optionalId(input.siteContactId, 'siteContactId'),
    officeContactId: optionalId(input.officeContactId, 'officeContactId'),
    materialTypeId: optionalId(input.materialTypeId, 'materialTypeId'),
  };
  for (const [field, id] of Object.entries(ids)) {
    if (id !== null && !isStorableId(id)) errors[field] = numberTooLargeMessage;
  }
  const jobSite = text(input.jobSite);
  if (jobSite === '') errors.jobSite = projectMessages.jobSiteRequired;
  const approved = optionalNumber(input.approved) ?? 0;
  if (!isStorableAmount(approved)) errors.approved = projectMessages.approvedInvalid;
  assertValid(errors);
  return {
    projectId,
    contractorCompanyId: contractorCompanyId as number,
    jobSite,
    siteContactId: ids.siteContactId,
    officeContactId: ids.officeContactId,
    materialTypeId: ids.materialTypeId,
    isSoilFLOProject: flag(input.isSoilFLOProject),
    approved,
    overThreshold: flag(input.overThreshold),
    saltImpacted: flag(input.saltImpacted),
    notes: optionalText(input.notes),
  };
}
