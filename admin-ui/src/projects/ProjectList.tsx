import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import { Box } from '@mui/material';
import type { Project } from '@portal/contract';
import { BooleanField, Datagrid, NumberField, TextField, useRecordContext, WrapperField } from 'react-admin';
import { ConfirmDeleteIconButton } from '../common/ConfirmDeleteIconButton';
import { IconLinkButton } from '../common/IconLinkButton';
import { CompanyReferenceSection } from '../contractors/CompanyReferenceSection';

const projectPath = (projectId: string | number, companyId: string | number) =>
  `/projects/${projectId}/contractor-company/${companyId}`;

const ProjectActions = ({ companyId }: { companyId: string }) => {
  const project = useRecordContext<Project>();
  if (!project) return null;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <IconLinkButton
        to={`/project-log/${project.id}`}
        label="portal.projects.log.title"
        icon={<HistoryIcon fontSize="small" />}
      />
      <IconLinkButton
        to={projectPath(project.id, companyId)}
        label="ra.action.edit"
        icon={<EditIcon fontSize="small" />}
      />
      <ConfirmDeleteIconButton />
    </Box>
  );
};

/**
 * The Projects table of a company page, with exactly the spec's columns (section 2), from
 * `GET /api/project/contractor/{companyId}`. The haulage record report action comes with the tickets release.
 */
export const ProjectList = ({ companyId }: { companyId: string }) => (
  <CompanyReferenceSection
    companyId={companyId}
    reference="projects"
    sortField="projectId"
    title="portal.projects.title"
    addLabel="portal.projects.add"
    addPath={projectPath('new', companyId)}
  >
    <Datagrid
      rowClick={(id) => projectPath(id, companyId)}
      bulkActionButtons={false}
      // Fourteen columns: narrower cell padding lets them fit a 1440 px desktop without scrolling.
      sx={{ '& .MuiTableCell-root': { px: 1 } }}
    >
      <TextField source="id" />
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
      <WrapperField label="portal.projects.actions" textAlign="right">
        <ProjectActions companyId={companyId} />
      </WrapperField>
    </Datagrid>
  </CompanyReferenceSection>
);
