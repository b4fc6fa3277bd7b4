import HistoryIcon from '@mui/icons-material/History';
import type { Project } from '@portal/contract';
import { BooleanField, NumberField, TextField, useRecordContext } from 'react-admin';
import { IconLinkButton } from '../common/IconLinkButton';
import { CompanyReferenceSection } from '../contractors/CompanyReferenceSection';
import { HaulageReportButton } from '../tickets/haulage/HaulageReportButton';

/** A project's change log, before its edit and delete. */
const ProjectLogButton = () => {
  const project = useRecordContext<Project>();
  if (!project) return null;
  return (
    <IconLinkButton
      to={`/project-log/${project.id}`}
      label="portal.projects.log.title"
      icon={<HistoryIcon fontSize="small" />}
    />
  );
};

/**
 * The Projects table of a company page, with exactly the spec's columns, from
 * `GET /api/project/contractor/{companyId}`, each row with its Haulage Record Report and its change log.
 */
export const ProjectList = ({ companyId }: { companyId: string }) => (
  <CompanyReferenceSection
    companyId={companyId}
    reference="projects"
    sortField="projectId"
    title="portal.projects.title"
    addLabel="portal.projects.add"
    recordPath={(id) => `/projects/${id}/contractor-company/${companyId}`}
    actionsLabel="portal.projects.actions"
    actions={
      <>
        <HaulageReportButton />
        <ProjectLogButton />
      </>
    }
    // Fourteen columns: narrower cell padding lets them fit a 1440 px desktop without scrolling.
    tableSx={{ '& .MuiTableCell-root': { px: 1 } }}
  >
    <TextField source="projectId" />
    <TextField source="contractorCompanyName" />
    <TextField source="jobSite" />
    <TextField source="siteContactName" />
    <TextField source="siteContactNumber" sx={{ whiteSpace: 'nowrap' }} />
    <TextField source="officeContactName" />
    <TextField source="officeContactNumber" sx={{ whiteSpace: 'nowrap' }} />
    <NumberField source="ticketsSold" />
    <NumberField source="approved" />
    <BooleanField source="saltImpacted" />
    <BooleanField source="overThreshold" />
    <BooleanField source="isSoilFLOProject" />
  </CompanyReferenceSection>
);
