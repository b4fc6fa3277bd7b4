import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Alert, AlertTitle, Box, Card, CardContent, Typography } from '@mui/material';
import type { DispatchView } from '@portal/contract';
import { displayTicketNumber } from '@portal/domain';
import type { ReactNode } from 'react';
import { HttpError, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { errorText } from '../../common/error-text';
import { LabelledValues } from '../../common/LabelledValues';
import { formatDateTimeToMinute } from '../../i18n/dates';
import { DispatchForm } from './DispatchForm';
import { useDispatchView } from './use-dispatch-view';

const label = (field: string) => `portal.tickets.fields.${field}`;

/** Label and value pairs, large enough to read in a truck's cab. */
const Facts = ({ facts }: { facts: [label: string, value: string | null][] }) => {
  const translate = useTranslate();
  return (
    <LabelledValues
      large
      lines={facts.map(([name, value]) => [name, value || translate('portal.tickets.noValue')])}
    />
  );
};

const timeLoadedText = (ticket: DispatchView['ticket']) =>
  ticket.timeLoaded ? formatDateTimeToMinute(new Date(ticket.timeLoaded)) : null;

/** The load the driver carries: ticket number, job site and time loaded. */
const LoadSummary = ({ ticket }: { ticket: DispatchView['ticket'] }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="overline" color="text.secondary" component="p">
        {translate('portal.dispatch.title')}
      </Typography>
      <Typography variant="h4" component="h1" sx={{ fontVariantNumeric: 'tabular-nums', mb: 1.5 }}>
        {displayTicketNumber(ticket)}
      </Typography>
      <Facts
        facts={[
          [label('jobSite'), ticket.jobSite],
          [label('timeLoaded'), timeLoadedText(ticket)],
        ]}
      />
    </Box>
  );
};

/** 'Truck en Route': what was dispatched, to show at the gate if asked. */
const EnRoute = ({ view }: { view: DispatchView }) => {
  const translate = useTranslate();
  const { ticket } = view;
  const company = ticket.transportCompanyName ?? ticket.givenTransportCompanyName;
  return (
    <Box role="status">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, color: 'success.main' }}>
        <CheckCircleIcon sx={{ fontSize: 48 }} />
        <Typography variant="h4" component="h1">
          {translate('portal.dispatch.enRoute')}
        </Typography>
      </Box>
      {/* Issue 34 (D21): the truck is also on other open tickets; the dispatch stands. */}
      {view.sameTruckWarning && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="same-truck-warning">
          {view.sameTruckWarning}
        </Alert>
      )}
      {ticket.givenTransportCompanyName && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('portal.dispatch.companyNotRegistered', { name: ticket.givenTransportCompanyName })}
        </Alert>
      )}
      <Facts
        facts={[
          ['portal.tickets.fields.ticketNumber', displayTicketNumber(ticket)],
          [label('truckLicensePlate'), ticket.truckLicensePlate],
          [label('transportCompanyId'), company],
          [label('truckNumber'), ticket.truckNumber],
          [label('truckDriverName'), ticket.truckDriverName],
          [label('jobSite'), ticket.jobSite],
          [label('timeLoaded'), timeLoadedText(ticket)],
        ]}
      />
    </Box>
  );
};

const Notice = ({
  severity,
  title,
  text,
}: {
  severity: 'info' | 'warning';
  title?: string;
  text: string;
}) => {
  const translate = useTranslate();
  return (
    <Alert severity={severity} sx={{ fontSize: '1.0625rem' }}>
      {title && <AlertTitle sx={{ fontSize: '1.125rem' }}>{translate(title)}</AlertTitle>}
      {translate(text)}
    </Alert>
  );
};

const InvalidLink = () => (
  <Notice severity="warning" title="portal.dispatch.invalidLinkTitle" text="portal.dispatch.invalidLink" />
);

/** Loading, then one of: the link is wrong, a SoilFLO load, received, already on its way, or the form. */
const DispatchScreen = ({ id, hash }: { id: string; hash: string }) => {
  const translate = useTranslate();
  const { data: view, error, isPending, dispatch, reload } = useDispatchView(id, hash);
  if (isPending) {
    return (
      <Typography role="status" sx={{ py: 4, fontSize: '1.125rem' }}>
        {translate('portal.tickets.loading')}
      </Typography>
    );
  }
  if (!view) {
    // A wrong hash and a malformed id are the same to the driver: the link does not work.
    if (error instanceof HttpError && (error.status === 404 || error.status === 400)) return <InvalidLink />;
    return <Alert severity="error">{errorText(translate, error)}</Alert>;
  }
  const { ticket } = view;
  // A SoilFLO load shows only where to manage it.
  if (ticket.isSoilFLOLoad) return <Notice severity="info" text="portal.dispatch.externalLoad" />;
  if (ticket.isDispatched && !ticket.isReceived) return <EnRoute view={view} />;
  return (
    <>
      <LoadSummary ticket={ticket} />
      {ticket.isReceived ? (
        <Notice severity="info" title="portal.dispatch.receivedTitle" text="portal.dispatch.received" />
      ) : (
        <DispatchForm view={view} dispatch={dispatch} reload={reload} />
      )}
    </>
  );
};

/** No menu and no session: the page a driver opens on a phone from the ticket's link. */
const DispatchFrame = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', p: { xs: 1, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'text.secondary' }}>
        <LocalShippingIcon />
        <Typography variant="subtitle1">{translate('portal.appName')}</Typography>
      </Box>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>{children}</CardContent>
      </Card>
    </Box>
  );
};

/** /truck-dispatch/{id}?hash=…: public, reached from the ticket's link, not in the menu. */
export const TruckDispatchPage = () => {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const hash = searchParams.get('hash');
  return <DispatchFrame>{hash ? <DispatchScreen id={id} hash={hash} /> : <InvalidLink />}</DispatchFrame>;
};
