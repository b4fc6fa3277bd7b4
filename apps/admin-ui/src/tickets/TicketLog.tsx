import RestoreIcon from '@mui/icons-material/Restore';
import { Box, Button, Chip } from '@mui/material';
import type { TicketLogEntry } from '@portal/contract';
import { endpoints, roleMayCall } from '@portal/contract';
import { displayTicketNumber, Role } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useAuthenticated, useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { ChangeLog, ChangeLogUser } from '../common/ChangeLog';
import { call } from '../dataProvider/http-client';
import { formatDateTime } from '../i18n/dates';
import { currentSession } from '../session';
import { TicketScreenLink } from './TicketScreenLink';
import { TicketValue, useTicketReferenceNames } from './TicketValue';
import { receiptStatus, ticketPath } from './ticket';
import { compareTicketLogEntry, eventTypeKey } from './ticket-log';
import { useTicket } from './useTicket';

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
  const role = currentSession()?.role;
  const isAdministrator = role === Role.Administrator;
  const [restoring, setRestoring] = useState<TicketLogEntry | null>(null);
  const names = useTicketReferenceNames();
  // The ticket itself only adds its number to the title; a deleted ticket still has its log.
  const { data: ticket } = useTicket(id);

  const restore = useMutation({
    mutationFn: (entry: TicketLogEntry) =>
      call(endpoints.postTicketRestore, { body: { logEntryId: entry.id } }),
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
    <>
      <ChangeLog<TicketLogEntry>
        messages="portal.tickets.log"
        fieldLabels="portal.tickets.fields"
        logKey={['ticket', id]}
        load={() => call(endpoints.getTicketLogsById, { params: { id: Number(id) } })}
        titleSuffix={ticket && displayTicketNumber(ticket)}
        actions={
          <>
            {role !== undefined && roleMayCall('audit', role) && <TicketScreenLink id={id} to="audit" />}
            {/* The ticket's page edits it; an auditor reads it in its history. */}
            {role !== Role.Auditor && <TicketScreenLink id={id} to="ticket" />}
          </>
        }
        describe={(entry) => {
          const eventKey = eventTypeKey(entry.eventType);
          return {
            fields: compareTicketLogEntry(entry),
            summary: (
              <>
                <Chip
                  size="small"
                  color="primary"
                  variant="outlined"
                  label={eventKey ? translate(eventKey) : entry.eventType}
                />
                <ChangeLogUser
                  entry={entry}
                  messages="portal.tickets.log"
                  anonymous={entry.eventType === 'TruckDispatched' ? 'portal.tickets.log.driver' : undefined}
                />
                <Box sx={{ flexGrow: 1 }} />
                {/* The ticket as it is now says what a restore keeps; a deleted one has nothing to restore. */}
                {isAdministrator && ticket && entry.updatedDataObject !== null && (
                  <Button size="small" startIcon={<RestoreIcon />} onClick={() => setRestoring(entry)}>
                    {translate('portal.tickets.log.restore')}
                  </Button>
                )}
              </>
            ),
          };
        }}
        renderValue={(field, value) => <TicketValue field={field} value={value} names={names} />}
        highlight="after"
      />
      <Confirm
        isOpen={restoring !== null}
        loading={restore.isPending}
        title="portal.tickets.log.restoreTitle"
        // Said as the server does it: the receipt stays, a rejection goes (issue 34, D18).
        content={ticket && `portal.tickets.log.restoreContent.${receiptStatus(ticket)}`}
        translateOptions={{ date: restoring ? formatDateTime(new Date(restoring.date)) : '' }}
        confirm="portal.tickets.log.restore"
        onConfirm={() => restoring && restore.mutate(restoring)}
        onClose={() => setRestoring(null)}
      />
    </>
  );
};
