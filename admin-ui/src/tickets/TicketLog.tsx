import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import RestoreIcon from '@mui/icons-material/Restore';
import {
  Alert,
  alpha,
  Box,
  Button,
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
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm,
  Loading,
  Title,
  useAuthenticated,
  useLogoutIfAccessDenied,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { apiRequest } from '../dataProvider/http-client';
import { formatDateTime } from '../i18n/dates';
import { currentSession, Role } from '../session';
import { type ReferenceNames, TicketValue, useTicketReferenceNames } from './TicketValue';
import { type Ticket, ticketAuditPath, ticketPath } from './ticket';
import { compareTicketLogEntry, eventTypeKey, logEntryUser, type TicketLogEntry } from './ticket-log';

/** A changed value stands out without shouting: a light amber wash and a heavier weight. */
const changedCell = {
  backgroundColor: (theme: Theme) => alpha(theme.palette.warning.main, 0.16),
  fontWeight: 500,
};

const LogEntryCard = ({
  entry,
  showUnchanged,
  names,
  onRestore,
}: {
  entry: TicketLogEntry;
  showUnchanged: boolean;
  names: ReferenceNames;
  onRestore?: (entry: TicketLogEntry) => void;
}) => {
  const translate = useTranslate();
  const fields = compareTicketLogEntry(entry);
  const shown = showUnchanged ? fields : fields.filter((field) => field.changed);
  const eventKey = eventTypeKey(entry.eventType);
  const when = formatDateTime(new Date(entry.date));
  return (
    <Card component="article" variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
            <time dateTime={entry.date}>{when}</time>
          </Typography>
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={eventKey ? translate(eventKey) : entry.eventType}
          />
          <Typography color="text.secondary">
            {logEntryUser(entry) || translate('portal.tickets.log.unknownUser')}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          {onRestore && entry.updatedDataObject !== null && (
            <Button size="small" startIcon={<RestoreIcon />} onClick={() => onRestore(entry)}>
              {translate('portal.tickets.log.restore')}
            </Button>
          )}
        </Box>
        {shown.length === 0 ? (
          <Typography color="text.secondary">{translate('portal.tickets.log.noChanges')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('portal.tickets.log.changesOf', { date: when })}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('portal.tickets.log.field')}</TableCell>
                  <TableCell>{translate('portal.tickets.log.before')}</TableCell>
                  <TableCell>{translate('portal.tickets.log.after')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((change) => (
                  <TableRow key={change.field}>
                    <TableCell component="th" scope="row">
                      {translate(`portal.tickets.fields.${change.field}`, { _: change.field })}
                    </TableCell>
                    <TableCell>
                      <TicketValue field={change.field} value={change.before} names={names} />
                    </TableCell>
                    <TableCell sx={change.changed ? changedCell : undefined}>
                      <TicketValue field={change.field} value={change.after} names={names} />
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
 * /ticket-log/{id}: every change to a ticket, newest first, with when, what happened, who did it and each
 * changed field before and after. Administrators can restore the ticket as an entry left it.
 */
export const TicketLog = () => {
  useAuthenticated();
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const isAdministrator = currentSession()?.role === Role.Administrator;
  const [showUnchanged, setShowUnchanged] = useState(false);
  const [restoring, setRestoring] = useState<TicketLogEntry | null>(null);
  const {
    data: entries,
    isPending,
    error,
  } = useQuery({
    queryKey: ['tickets', 'logs', id],
    queryFn: () => apiRequest<TicketLogEntry[]>(`/api/ticket/logs/${encodeURIComponent(id)}`),
  });
  useNotifyLoadError(error);
  const names = useTicketReferenceNames();

  const restore = useMutation({
    mutationFn: (entry: TicketLogEntry) =>
      apiRequest<Ticket>('/api/ticket/restore', { method: 'POST', body: { logEntryId: entry.id } }),
    onSuccess: (ticket) => {
      notify('portal.tickets.log.restored', { type: 'success' });
      navigate(ticketPath(ticket.id));
    },
    onError: async (failure) => {
      setRestoring(null);
      if (await logoutIfAccessDenied(failure)) return;
      notify(failure.message || 'portal.errors.unexpected', {
        type: 'error',
        messageArgs: { _: failure.message },
      });
    },
  });

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="portal.tickets.log.title" />
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
          <Typography variant="h5" component="h1">
            {translate('portal.tickets.log.title')}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <FormControlLabel
            control={
              <Switch checked={showUnchanged} onChange={(event) => setShowUnchanged(event.target.checked)} />
            }
            label={translate('portal.tickets.log.showUnchanged')}
          />
          {isAdministrator && (
            <Button component={Link} to={ticketAuditPath(id)} startIcon={<ManageSearchIcon />}>
              {translate('portal.tickets.audit.link')}
            </Button>
          )}
          <Button component={Link} to={ticketPath(id)} startIcon={<ArrowBackIcon />}>
            {translate('portal.tickets.backToTicket')}
          </Button>
        </Box>
        {isPending ? (
          <Loading />
        ) : error ? (
          <Alert severity="error">{error.message || translate('portal.errors.unexpected')}</Alert>
        ) : !entries || entries.length === 0 ? (
          <Typography>{translate('portal.tickets.log.empty')}</Typography>
        ) : (
          <Stack spacing={2}>
            {entries.map((entry) => (
              <LogEntryCard
                key={entry.id}
                entry={entry}
                showUnchanged={showUnchanged}
                names={names}
                onRestore={isAdministrator ? setRestoring : undefined}
              />
            ))}
          </Stack>
        )}
      </CardContent>
      <Confirm
        isOpen={restoring !== null}
        loading={restore.isPending}
        title="portal.tickets.log.restoreTitle"
        content="portal.tickets.log.restoreContent"
        translateOptions={{ date: restoring ? formatDateTime(new Date(restoring.date)) : '' }}
        confirm="portal.tickets.log.restore"
        onConfirm={() => restoring && restore.mutate(restoring)}
        onClose={() => setRestoring(null)}
      />
    </Card>
  );
};
