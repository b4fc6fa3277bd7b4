import {
  Alert,
  alpha,
  Box,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableRow,
  type Theme,
  Typography,
} from '@mui/material';
import type { TicketHistoryEvent } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { Role } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Loading, type RaRecord, useGetList, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { errorText } from '../common/error-text';
import { ScreenCard } from '../common/ScreenCard';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { call } from '../dataProvider/http-client';
import { formatDateTime } from '../i18n/dates';
import { currentSession } from '../session';
import { EventLinkBadge } from './EventLinkBadge';
import { everyRow } from './TicketInputs';
import { TicketScreenLink } from './TicketScreenLink';
import { TicketValue, useTicketReferenceNames } from './TicketValue';
import { byTicketFieldOrder, eventTypeKey } from './ticket-log';

/** The fields the selected event changed, in the same light amber as the ticket log. */
const changedRow = { backgroundColor: (theme: Theme) => alpha(theme.palette.warning.main, 0.16) };

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Names of the users, so an administrator reads who acted; auditors may not list users, and read ids. */
function useUserNames(enabled: boolean): Map<string, string> {
  const { data } = useGetList<RaRecord>(
    'users',
    { pagination: everyRow, sort: { field: 'id', order: 'ASC' } },
    { enabled },
  );
  return new Map(
    (data ?? []).map((user) => [String(user.id), [user.firstName, user.lastName].filter(Boolean).join(' ')]),
  );
}

/** The ticket's state after one event, every field, with the ones this event changed highlighted. */
const StateTable = ({
  event,
  previous,
}: {
  event: TicketHistoryEvent;
  previous: TicketHistoryEvent | undefined;
}) => {
  const translate = useTranslate();
  const names = useTicketReferenceNames();
  if (!event.state) {
    return <Alert severity="info">{translate('portal.tickets.audit.deleted')}</Alert>;
  }
  const state = event.state;
  const fields = Object.keys(state).sort(byTicketFieldOrder);
  return (
    <Table size="small" aria-label={translate('portal.tickets.audit.stateOf', { version: event.version })}>
      <TableBody>
        {fields.map((field) => {
          const changed = previous !== undefined && !sameValue(previous.state?.[field], state[field]);
          return (
            <TableRow key={field} sx={changed ? changedRow : undefined}>
              <TableCell
                component="th"
                scope="row"
                sx={{ width: '40%', fontWeight: changed ? 500 : undefined }}
              >
                {translate(`portal.tickets.fields.${field}`, { _: field })}
              </TableCell>
              <TableCell>
                <TicketValue field={field} value={state[field]} names={names} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
};

/** Each event's link in the ticket's hash chain, by version. */
function useEventLinks(id: string) {
  const { data } = useQuery({
    queryKey: ['tickets', 'history', id, 'links'],
    queryFn: () => call(endpoints.getTicketByIdHistoryLinks, { params: { id: Number(id) } }),
  });
  return new Map((data ?? []).map((link) => [link.version, link]));
}

/**
 * /ticket-audit/{id} (administrators and auditors): the ticket's events in order, replayed from the event
 * store, each with its link in the stream's hash chain, and for the selected one (click, or arrow keys in the
 * list) the ticket exactly as that event left it.
 */
export const TicketAudit = () => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const isAdministrator = currentSession()?.role === Role.Administrator;
  const users = useUserNames(isAdministrator);
  const links = useEventLinks(id);
  const {
    data: events,
    isPending,
    error,
  } = useQuery({
    queryKey: ['tickets', 'history', id],
    queryFn: () => call(endpoints.getTicketByIdHistory, { params: { id: Number(id) } }),
  });
  useNotifyLoadError(error);
  const [chosen, setChosen] = useState<number | null>(null);
  const optionRefs = useRef<(HTMLDivElement | null)[]>([]);
  const count = events?.length ?? 0;
  // The latest event until the auditor picks another.
  const selected = chosen === null ? count - 1 : Math.min(chosen, count - 1);

  const select = (index: number) => {
    setChosen(index);
    optionRefs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: selected + 1,
      ArrowUp: selected - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(Math.max(0, Math.min(count - 1, target)));
  };

  const userLabel = (userId: number | null) => {
    if (userId === null) return translate('portal.tickets.audit.noUser');
    if (!isAdministrator) return translate('portal.tickets.audit.userIdOnly', { id: String(userId) });
    const name = users.get(String(userId));
    return name ?? translate('portal.tickets.audit.userId', { id: String(userId) });
  };

  const current = events?.[selected];
  return (
    <ScreenCard
      title="portal.tickets.audit.title"
      actions={
        <>
          <TicketScreenLink id={id} to="log" />
          {/* The ticket's page edits it; an auditor reads it here and in its log. */}
          {currentSession()?.role !== Role.Auditor && <TicketScreenLink id={id} to="ticket" />}
        </>
      }
    >
      {isPending ? (
        <Loading />
      ) : error || !events ? (
        <Alert severity="error">{errorText(translate, error)}</Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(260px, 1fr) 2fr' },
            gap: 2,
            alignItems: 'start',
          }}
        >
          <Paper variant="outlined">
            <Typography variant="subtitle2" component="h2" sx={{ px: 2, pt: 1.5 }}>
              {translate('portal.tickets.audit.events', { smart_count: count })}
            </Typography>
            <List
              role="listbox"
              aria-label={translate('portal.tickets.audit.events', { smart_count: count })}
              onKeyDown={onKeyDown}
            >
              {events.map((event, index) => {
                const typeKey = eventTypeKey(event.type);
                return (
                  <ListItemButton
                    key={event.version}
                    ref={(element) => {
                      optionRefs.current[index] = element;
                    }}
                    role="option"
                    aria-selected={index === selected}
                    selected={index === selected}
                    tabIndex={index === selected ? 0 : -1}
                    onClick={() => select(index)}
                  >
                    <ListItemText
                      primary={translate('portal.tickets.audit.eventLine', {
                        version: event.version,
                        type: typeKey ? translate(typeKey) : event.type,
                      })}
                      secondary={
                        <>
                          {`${formatDateTime(new Date(event.occurredAt))} · ${userLabel(event.userId)}`}
                          <br />
                          <EventLinkBadge link={links.get(event.version)} />
                        </>
                      }
                    />
                  </ListItemButton>
                );
              })}
            </List>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            {current && (
              <>
                <Typography variant="subtitle1" component="h2" gutterBottom>
                  {translate('portal.tickets.audit.stateOf', { version: current.version })}
                </Typography>
                <StateTable event={current} previous={events[selected - 1]} />
                <Box component="details" sx={{ mt: 2 }}>
                  <Box component="summary" sx={{ cursor: 'pointer' }}>
                    {translate('portal.tickets.audit.eventData')}
                  </Box>
                  <Box component="pre" sx={{ fontSize: 12, overflowX: 'auto', m: 0, mt: 1 }}>
                    {JSON.stringify(current.data, null, 2)}
                  </Box>
                </Box>
              </>
            )}
          </Paper>
        </Box>
      )}
    </ScreenCard>
  );
};
