import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Box, Typography } from '@mui/material';
import { dispatchLinkUseful } from '@portal/domain';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PrintFrame } from './PrintFrame';
import { RecordSheet, ticketLine } from './RecordSheet';
import { dispatchQrUrl, haulageRecordQrUrl, ticketQrUrl } from './record-links';
import type { PrintedRecord } from './useRecord';

/** A labelled QR code; the quiet zone around it is part of the code, so phones read it off paper. */
const QrFigure = ({ label, url }: { label: string; url: string }) => {
  const translate = useTranslate();
  const captionId = useId();
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0, textAlign: 'center' }}>
      <QRCodeSVG
        value={url}
        title={translate(label)}
        size={176}
        marginSize={4}
        level="M"
        bgColor="#FFFFFF"
        fgColor="#000000"
      />
      <Typography id={captionId} component="figcaption" variant="subtitle2">
        {translate(label)}
      </Typography>
    </Box>
  );
};

const DigitalTicket = ({ record }: { record: PrintedRecord }) => {
  const translate = useTranslate();
  const { ticket, hash, settings } = record;
  const origin = window.location.origin;
  return (
    <RecordSheet
      title="portal.records.digitalTicket.title"
      record={record}
      lines={[
        ticketLine(ticket, 'date'),
        ticketLine(ticket, 'jobSite'),
        ticketLine(ticket, 'contractorCompanyId', 'contractorCompanyName'),
        ticketLine(ticket, 'transportCompanyId', 'transportCompanyName'),
        ticketLine(ticket, 'truckNumber'),
        ticketLine(ticket, 'truckLicensePlate'),
        ticketLine(ticket, 'materialId', 'materialName'),
      ]}
    >
      {ticket.isReceived && (
        <Alert
          variant="outlined"
          severity="success"
          icon={<CheckCircleIcon />}
          sx={{ mt: 2, fontWeight: 700, fontSize: '1.1rem', alignItems: 'center' }}
        >
          {translate('portal.tickets.status.received')}
        </Alert>
      )}
      {hash && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-around', gap: 2, mt: 2 }}>
          <QrFigure
            label="portal.records.digitalTicket.ticketQr"
            url={ticketQrUrl(origin, ticket.id, hash, settings.hashQrAboveTicketId)}
          />
          <QrFigure
            label="portal.records.digitalTicket.haulageRecordQr"
            url={haulageRecordQrUrl(origin, ticket.id, hash)}
          />
          {/* The driver's page, while there is still a load to dispatch. */}
          {dispatchLinkUseful(ticket) && (
            <QrFigure
              label="portal.records.digitalTicket.dispatchQr"
              url={dispatchQrUrl(origin, ticket.id, hash)}
            />
          )}
        </Box>
      )}
      <Typography align="center" sx={{ mt: 2, fontWeight: 700, letterSpacing: 0.5 }}>
        {translate('portal.records.digitalTicket.noRefund')}
      </Typography>
    </RecordSheet>
  );
};

/** /digital-ticket/{id}: the ticket to hand over or print, with its QR codes (a third, Dispatch, until received). */
export const DigitalTicketPage = () => {
  const { id = '' } = useParams();
  return (
    <PrintFrame id={id} needs={{ hash: true, truck: false }} withTicketLink>
      {(record) => <DigitalTicket record={record} />}
    </PrintFrame>
  );
};
