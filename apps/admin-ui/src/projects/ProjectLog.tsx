import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Chip } from '@mui/material';
import type { Project, ProjectLogEntry } from '@portal/contract';
import { endpoints } from '@portal/contract';
import {
  Button,
  type Identifier,
  useGetList,
  useGetManyReference,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ChangeLog, ChangeLogUser } from '../common/ChangeLog';
import { LogValue, type ReferenceNames } from '../common/LogValue';
import { contractorCompanyPath } from '../contractors/contractor';
import { call } from '../dataProvider/http-client';
import { compareLogEntry, type LogChangeKind } from './project-log';

const everyRow = { page: 1, perPage: Number.MAX_SAFE_INTEGER };

/** Names for the ids a project refers to, so the log reads 'Jane Smith' rather than '17' where it can. */
function useReferenceNames(project: Project | undefined) {
  const companyId = project?.contractorCompanyId;
  const { data: contacts } = useGetManyReference(
    'contractorContacts',
    {
      target: 'contractorCompanyId',
      id: companyId ?? 0,
      pagination: everyRow,
      sort: { field: 'id', order: 'ASC' },
    },
    { enabled: companyId !== undefined },
  );
  const { data: materialTypes } = useGetList('materialTypes', {
    pagination: everyRow,
    sort: { field: 'id', order: 'ASC' },
  });
  const byId = (records: { id: Identifier; name?: unknown }[] | undefined) =>
    new Map((records ?? []).map((record) => [String(record.id), String(record.name)]));
  const contactNames = byId(contacts);
  const names: ReferenceNames = {
    siteContactId: contactNames,
    officeContactId: contactNames,
    materialTypeId: byId(materialTypes),
  };
  if (project) {
    names.contractorCompanyId = new Map([
      [String(project.contractorCompanyId), project.contractorCompanyName],
    ]);
  }
  return names;
}

const changeColors: Record<LogChangeKind, 'success' | 'info' | 'error'> = {
  created: 'success',
  updated: 'info',
  deleted: 'error',
};

/**
 * /project-log/{id}: every change to a project, newest first, with who made it and each changed field's
 * value before and after. Unchanged fields can be shown too, with the changed ones highlighted.
 */
export const ProjectLog = () => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  // The project itself only adds its reference and the way back; a deleted project still has its log.
  const { data: project } = useGetOne<Project>('projects', { id: Number(id) }, { retry: false });
  const names = useReferenceNames(project);

  return (
    <ChangeLog<ProjectLogEntry>
      messages="portal.projects.log"
      fieldLabels="resources.projects.fields"
      logKey={['project', id]}
      load={() => call(endpoints.getProjectLogsById, { params: { id: Number(id) } })}
      titleSuffix={project?.projectId}
      actions={
        project && (
          <Button
            component={Link}
            to={contractorCompanyPath(project.contractorCompanyId)}
            label="portal.projects.log.back"
            size="medium"
          >
            <ArrowBackIcon />
          </Button>
        )
      }
      describe={(entry) => {
        const { kind, fields } = compareLogEntry(entry);
        return {
          fields,
          summary: (
            <>
              <ChangeLogUser entry={entry} messages="portal.projects.log" />
              <Chip
                size="small"
                color={changeColors[kind]}
                label={translate(`portal.projects.log.${kind}`)}
              />
            </>
          ),
        };
      }}
      renderValue={(field, value) => (
        <LogValue field={field} value={value} names={names} messages="portal.projects.log" />
      )}
      highlight="row"
      columnWidths={['24%', '38%', '38%']}
    />
  );
};
