import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  alpha,
  Box,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  type Identifier,
  Loading,
  Title,
  useGetList,
  useGetManyReference,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { contractorCompanyPath } from '../contractors/contractor';
import { apiRequest } from '../dataProvider/http-client';
import { formatDateTime } from '../i18n/dates';
import type { Project } from './project';
import {
  compareLogEntry,
  type FieldComparison,
  type LogChangeKind,
  logEntryUser,
  type ProjectLogEntry,
} from './project-log';

/** Field name to (id to name), for the fields that hold an id. */
type ReferenceNames = Record<string, Map<string, string>>;

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

const LogValue = ({ field, value, names }: { field: string; value: unknown; names: ReferenceNames }) => {
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') {
    return (
      <Typography component="span" color="text.secondary">
        {translate('portal.projects.log.noValue')}
      </Typography>
    );
  }
  if (typeof value === 'boolean') return <>{translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}</>;
  const name = names[field]?.get(String(value));
  if (name) return <>{translate('portal.projects.log.namedId', { name, id: String(value) })}</>;
  return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
};

const LogEntryCard = ({
  entry,
  showUnchanged,
  names,
}: {
  entry: ProjectLogEntry;
  showUnchanged: boolean;
  names: ReferenceNames;
}) => {
  const translate = useTranslate();
  const { kind, fields } = compareLogEntry(entry);
  const shown = showUnchanged ? fields : fields.filter((field) => field.changed);
  const user = logEntryUser(entry) || translate('portal.projects.log.unknownUser');
  const highlight = (comparison: FieldComparison) =>
    comparison.changed && showUnchanged
      ? { backgroundColor: (theme: Theme) => alpha(theme.palette.warning.main, 0.16) }
      : undefined;
  return (
    <Card component="article" variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
            <time dateTime={entry.date}>{formatDateTime(new Date(entry.date))}</time>
          </Typography>
          <Typography color="text.secondary">{user}</Typography>
          <Chip size="small" color={changeColors[kind]} label={translate(`portal.projects.log.${kind}`)} />
        </Box>
        {shown.length === 0 ? (
          <Typography color="text.secondary">{translate('portal.projects.log.noChanges')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table
              size="small"
              // The same column widths in every entry, so the eye can run down the page.
              sx={{ tableLayout: 'fixed', minWidth: 480 }}
              aria-label={translate('portal.projects.log.changesOf', {
                date: formatDateTime(new Date(entry.date)),
              })}
            >
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: '24%' }}>{translate('portal.projects.log.field')}</TableCell>
                  <TableCell sx={{ width: '38%' }}>{translate('portal.projects.log.before')}</TableCell>
                  <TableCell sx={{ width: '38%' }}>{translate('portal.projects.log.after')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((comparison) => (
                  <TableRow key={comparison.field} sx={highlight(comparison)}>
                    <TableCell
                      component="th"
                      scope="row"
                      sx={{ fontWeight: comparison.changed ? 500 : undefined }}
                    >
                      {translate(`resources.projects.fields.${comparison.field}`, { _: comparison.field })}
                    </TableCell>
                    <TableCell>
                      <LogValue field={comparison.field} value={comparison.before} names={names} />
                    </TableCell>
                    <TableCell sx={{ fontWeight: comparison.changed ? 500 : undefined }}>
                      <LogValue field={comparison.field} value={comparison.after} names={names} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};

/**
 * /project-log/{id}: every change to a project, newest first, with who made it and each changed field's
 * value before and after. Unchanged fields can be shown too, with the changed ones highlighted.
 */
export const ProjectLog = () => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const [showUnchanged, setShowUnchanged] = useState(false);
  const {
    data: entries,
    isPending,
    error,
  } = useQuery({
    queryKey: ['projects', 'logs', id],
    queryFn: () => apiRequest<ProjectLogEntry[]>(`/api/project/logs/${encodeURIComponent(id)}`),
  });
  useNotifyLoadError(error);
  // The project itself only adds its reference and the way back; a deleted project still has its log.
  const { data: project } = useGetOne<Project>('projects', { id: Number(id) }, { retry: false });
  const names = useReferenceNames(project);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="portal.projects.log.title" />
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
          <Typography variant="h5" component="h1">
            {translate('portal.projects.log.title')}
            {project && ` — ${project.projectId}`}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <FormControlLabel
            control={
              <Switch checked={showUnchanged} onChange={(event) => setShowUnchanged(event.target.checked)} />
            }
            label={translate('portal.projects.log.showUnchanged')}
          />
          {project && (
            <Button
              component={Link}
              to={contractorCompanyPath(project.contractorCompanyId)}
              label="portal.projects.log.back"
              size="medium"
            >
              <ArrowBackIcon />
            </Button>
          )}
        </Box>
        {isPending ? (
          <Loading />
        ) : !entries || entries.length === 0 ? (
          <Typography>{translate('portal.projects.log.empty')}</Typography>
        ) : (
          <Stack spacing={2}>
            {entries.map((entry) => (
              <LogEntryCard key={entry.id} entry={entry} showUnchanged={showUnchanged} names={names} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
