import { chosenId, text } from '../common/form-values';
import { currentSession } from '../session';

/** The fields `POST /api/project/new` and `PUT /api/project/edit` take; names and ticketsSold are the server's. */
export const toProjectPayload = (data: Record<string, unknown>) => ({
  projectId: text(data.projectId),
  contractorCompanyId: Number(data.contractorCompanyId),
  jobSite: text(data.jobSite),
  siteContactId: chosenId(data.siteContactId),
  officeContactId: chosenId(data.officeContactId),
  materialTypeId: chosenId(data.materialTypeId),
  isSoilFLOProject: data.isSoilFLOProject === true,
  approved: data.approved === '' || data.approved == null ? 0 : Number(data.approved),
  overThreshold: data.overThreshold === true,
  saltImpacted: data.saltImpacted === true,
  notes: text(data.notes) || null,
});

/**
 * A project save: `{project, loggedInUserId}`. The server takes the acting user from the token; the id is
 * sent because the contract names it.
 */
export const projectEnvelope = (project: Record<string, unknown>) => {
  const userId = Number(currentSession()?.userId);
  return { project, loggedInUserId: Number.isInteger(userId) && userId > 0 ? userId : null };
};
