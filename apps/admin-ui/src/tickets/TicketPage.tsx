import { Alert, AlertTitle, Box, Chip, Typography } from '@mui/material';
import type { Ticket } from '@portal/contract';
import { displayTicketNumber, Role } from '@portal/domain';
import type { ReactNode } from 'react';
import { HttpError, useAuthenticated, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { errorText } from '../common/error-text';
import { ScreenCard } from '../common/ScreenCard';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { PortalLayout } from '../layout/Layout';
import { currentSession } from '../session';
import { ExternalTicketNotice } from '../soilflo/ExternalTicketNotice';
import { PublicTicketCard } from './PublicTicketCard';
import { ReceiptStatusChip } from './ReceiptStatusChip';
import { RevokePublicLinkButton } from './RevokePublicLinkButton';
import { PrintRecordButton } from './records/PrintRecordButton';
import { SameTruckWarning } from './SameTruckWarning';
import { SendToDriverButton } from './SendToDriverButton';
import { TicketForm } from './TicketForm';
import { TicketListsAhead } from './TicketInputs';
import { TicketScreenLink } from './TicketScreenLink';
import type { TicketPermissions } from './ticket';
import { usePublicTicket, useTicket } from './useTicket';

/** What the ticket is now, at a glance: received or not, complete, rejected (with why), locked, external. */
const TicketStatus = ({ ticket }: { ticket: Ticket }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <ReceiptStatusChip ticket={ticket} />
      {!ticket.isComplete && !ticket.isRejected && (
        <Chip
          size="small"
          color="error"
          variant="outlined"
          label={translate('portal.tickets.status.incomplete')}
        />
      )}
      {ticket.isDispatched && (
        <Chip size="small" color="info" label={translate('portal.tickets.status.dispatched')} />
      )}
      {ticket.isSoilFLOLoad && (
        <Chip size="small" color="secondary" label={translate('portal.tickets.status.external')} />
      )}
    </Box>
  );
};

/** After a rejection the page reloads with its banner, which takes the focus and comes into view (issue 15, item 13). */
const scrollIntoViewOnMount = (banner: HTMLDivElement | null) => {
  banner?.focus({ preventScroll: true });
  banner?.scrollIntoView({ block: 'center' });
};

/** Send to driver for a loaded ticket, the ticket's other pages (its log, its printable ones), and for administrators the public link's revocation once the ticket is in. */
const TicketLinks = ({
  id,
  ticket,
  isAdministrator,
}: {
  id: string;
  ticket: Ticket | undefined;
  isAdministrator: boolean;
}) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
    {ticket && <SendToDriverButton ticket={ticket} variant="button" />}
    <TicketScreenLink id={id} to="log" size="small" />
    <TicketScreenLink id={id} to="digital" size="small" />
    <TicketScreenLink id={id} to="haulageRecord" size="small" />
    {ticket && <PrintRecordButton id={ticket.id} variant="button" />}
    {isAdministrator && <TicketScreenLink id={id} to="audit" size="small" />}
    {isAdministrator && ticket && <RevokePublicLinkButton ticket={ticket} />}
  </Box>
);

/** 'Loading...' until the ticket is in and at least 1 second has passed, then the ticket's form. */
const TicketScreen = ({ id, permissions }: { id: string; permissions: TicketPermissions }) => {
  const translate = useTranslate();
  const { data: ticket, error, ready } = useTicket(id);
  // A 401 or 403 ends the session as anywhere else.
  useNotifyLoadError(ready ? error : null);
  return (
    <ScreenCard
      title="portal.tickets.editTitle"
      titleSuffix={ready && ticket && ` ${displayTicketNumber(ticket)}`}
      status={ready && ticket && <TicketStatus ticket={ticket} />}
      actions={
        <TicketLinks
          id={id}
          ticket={ready ? ticket : undefined}
          isAdministrator={permissions.isAdministrator}
        />
      }
      headingGap={1}
    >
      {!ready ? (
        <Typography role="status" sx={{ py: 4 }}>
          {translate('portal.tickets.loading')}
          <TicketListsAhead />
        </Typography>
      ) : error || !ticket ? (
        <Alert severity="error">{errorText(translate, error)}</Alert>
      ) : (
        <>
          {ticket.isRejected && (
            <Alert severity="warning" sx={{ mb: 1 }} ref={scrollIntoViewOnMount} tabIndex={-1}>
              {translate('portal.tickets.rejectedBecause', { reason: ticket.rejectReason ?? '' })}
            </Alert>
          )}
          <SameTruckWarning ticket={ticket} />
          {ticket.isSoilFLOLoad && (
            <ExternalTicketNotice ticket={ticket} isAdministrator={permissions.isAdministrator} />
          )}
          <TicketForm ticket={ticket} permissions={permissions} />
        </>
      )}
    </ScreenCard>
  );
};

/**
 * The public link without login: 'Loading...' for at least 1 second, then what the printed ticket shows,
 * or a not-found state for a wrong or revoked link.
 */
const PublicTicketScreen = ({ id, hash }: { id: string; hash: string }) => {
  const translate = useTranslate();
  const { data: ticket, error, ready } = usePublicTicket(id, hash);
  if (!ready) {
    return (
      <Typography role="status" sx={{ py: 4 }}>
        {translate('portal.tickets.loading')}
      </Typography>
    );
  }
  if (ticket) return <PublicTicketCard ticket={ticket} />;
  return error instanceof HttpError && error.status === 404 ? (
    <Alert severity="warning" sx={{ mt: 1 }}>
      <AlertTitle>{translate('portal.tickets.publicLink.notFoundTitle')}</AlertTitle>
      {translate('portal.tickets.publicLink.notFound')}
    </Alert>
  ) : (
    <Alert severity="error" sx={{ mt: 1 }}>
      {errorText(translate, error)}
    </Alert>
  );
};

/** The public link's frame: no menu, no session, just the ticket, as wide as a printed one. */
const PublicFrame = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="main" sx={{ maxWidth: 912, mx: 'auto', p: { xs: 1, sm: 2 } }}>
      <Typography variant="subtitle1" color="text.secondary">
        {translate('portal.appName')}
      </Typography>
      {children}
    </Box>
  );
};

/** Without a hash the page needs a valid session; without one it goes to /login. */
const SignedInTicketPage = ({ id }: { id: string }) => {
  useAuthenticated();
  const session = currentSession();
  if (!session) return null;
  return (
    <PortalLayout>
      <TicketScreen id={id} permissions={{ isAdministrator: session.role === Role.Administrator }} />
    </PortalLayout>
  );
};

/**
 * /ticket/{id}. The route is public: with `?hash=…` and no session the public link shows
 * what the printed ticket shows, without the menu; otherwise the page is the signed-in one.
 */
export const TicketPage = () => {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const hash = searchParams.get('hash');
  if (hash && !currentSession()) {
    return (
      <PublicFrame>
        <PublicTicketScreen id={id} hash={hash} />
      </PublicFrame>
    );
  }
  return <SignedInTicketPage id={id} />;
};
