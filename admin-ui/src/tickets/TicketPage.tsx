import HistoryIcon from '@mui/icons-material/History';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { Alert, Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useAuthenticated, useTranslate } from 'react-admin';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { PortalLayout } from '../layout/Layout';
import { currentSession, Role } from '../session';
import { TicketForm } from './TicketForm';
import {
  displayTicketNumber,
  type Ticket,
  type TicketPermissions,
  ticketAuditPath,
  ticketLogPath,
} from './ticket';
import { useTicket } from './useTicket';

/** What the ticket is now, at a glance: received or not, complete, rejected (with why), locked, external. */
const TicketStatus = ({ ticket }: { ticket: Ticket }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Chip
        size="small"
        color={ticket.isReceived ? 'success' : 'default'}
        label={translate(
          ticket.isReceived ? 'portal.tickets.status.received' : 'portal.tickets.status.notReceived',
        )}
      />
      {!ticket.isComplete && (
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

const TicketLinks = ({ id, isAdministrator }: { id: string; isAdministrator: boolean }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button component={Link} to={ticketLogPath(id)} startIcon={<HistoryIcon />} size="small">
        {translate('portal.tickets.log.link')}
      </Button>
      {isAdministrator && (
        <Button component={Link} to={ticketAuditPath(id)} startIcon={<ManageSearchIcon />} size="small">
          {translate('portal.tickets.audit.link')}
        </Button>
      )}
    </Box>
  );
};

/** 'Loading...' until the ticket is in and at least 1 second has passed, then the ticket's form. */
const TicketScreen = ({
  id,
  hash,
  permissions,
}: {
  id: string;
  hash: string | null;
  permissions: TicketPermissions;
}) => {
  const translate = useTranslate();
  const { data: ticket, error, ready } = useTicket(id, hash);
  // Signed in, a 401 or 403 ends the session as anywhere else; the public link only says what went wrong.
  useNotifyLoadError(permissions.signedIn && ready ? error : null);
  return (
    <Card sx={{ mt: 2 }}>
      {permissions.signedIn && <Title title="portal.tickets.editTitle" />}
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
          <Typography variant="h5" component="h1">
            {translate('portal.tickets.editTitle')}
            {ready && ticket && ` ${displayTicketNumber(ticket)}`}
          </Typography>
          {ready && ticket && <TicketStatus ticket={ticket} />}
          <Box sx={{ flexGrow: 1 }} />
          {permissions.signedIn && <TicketLinks id={id} isAdministrator={permissions.isAdministrator} />}
        </Box>
        {!ready ? (
          <Typography role="status" sx={{ py: 4 }}>
            {translate('portal.tickets.loading')}
          </Typography>
        ) : error || !ticket ? (
          <Alert severity="error">{error?.message || translate('portal.errors.unexpected')}</Alert>
        ) : (
          <>
            {ticket.isRejected && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {translate('portal.tickets.rejectedBecause', { reason: ticket.rejectReason ?? '' })}
              </Alert>
            )}
            <TicketForm ticket={ticket} permissions={permissions} />
          </>
        )}
      </CardContent>
    </Card>
  );
};

/** The public link's frame: no menu, no session, just the ticket. */
const PublicFrame = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="main" sx={{ maxWidth: 1440, mx: 'auto', p: { xs: 1, sm: 2 } }}>
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
      <TicketScreen
        id={id}
        hash={null}
        permissions={{ signedIn: true, isAdministrator: session.role === Role.Administrator }}
      />
    </PortalLayout>
  );
};

/**
 * /ticket/{id} (spec section 2). The route is public: with `?hash=…` and no session the ticket is fetched
 * through its public link and shown read-only without the menu; otherwise the page is the signed-in one.
 */
export const TicketPage = () => {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const hash = searchParams.get('hash');
  if (hash && !currentSession()) {
    return (
      <PublicFrame>
        <TicketScreen id={id} hash={hash} permissions={{ signedIn: false, isAdministrator: false }} />
      </PublicFrame>
    );
  }
  return <SignedInTicketPage id={id} />;
};
