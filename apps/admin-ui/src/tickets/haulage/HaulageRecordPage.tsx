import { Box, Divider, Typography } from '@mui/material';
import type { HaulageRecord, PublicHaulageRecord } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { displayTicketNumber, truckTypeVolumesM3 } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { HttpError, useAuthenticated, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { type LabelledValue, LabelledValues } from '../../common/LabelledValues';
import { call } from '../../dataProvider/http-client';
import { currentSession } from '../../session';
import { displayInstant } from '../dashboard/dashboard-ticket';
import { PrintPage, PrintState } from '../records/PrintFrame';
import { SignatureLines, weighingLine } from '../records/record-history';
import { printedNet } from '../records/record-weights';

const text = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));
const joined = (...parts: (string | null)[]) => text(parts.filter(Boolean).join(' '));
const k = (key: string) => `portal.haulage.fields.${key}`;
const line = (key: string, value: string): LabelledValue => [k(key), value];

type RecordTicket = PublicHaulageRecord['ticket'];

/** Lines that show one ticket field each: [the label's key under portal.haulage.fields, the field]. */
const lines = (ticket: RecordTicket, fields: [label: string, field: keyof RecordTicket][]): LabelledValue[] =>
  fields.map(([label, field]) => [k(label), text(ticket[field] as string | number | null)]);

/**
 * The link's record (the hauling record's fields: issue 32) with the hash, the whole printed record signed
 * in (GET /api/ticket/{id}/haulage-record).
 */
function useHaulageRecord(id: string, hash: string | null) {
  return useQuery<HaulageRecord | PublicHaulageRecord>({
    queryKey: ['haulage-record', id, hash],
    queryFn: () =>
      hash
        ? call(endpoints.getTicketByIdByHashHaulageRecord, { params: { id: Number(id), hash } })
        : call(endpoints.getTicketByIdHaulageRecord, { params: { id: Number(id) } }),
    retry: false,
  });
}

const Section = ({ title, lines }: { title: string; lines: LabelledValue[] }) => {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 2, breakInside: 'avoid' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {translate(title)}
      </Typography>
      <LabelledValues lines={lines} />
    </Box>
  );
};

/**
 * The haulage record as printed: the load from source site to receiving site, and the receiver's
 * acknowledgement. The signed-in record adds the project, the office contact and the receiver's phone and e-mail.
 */
const HaulageRecordSheet = ({ record }: { record: HaulageRecord | PublicHaulageRecord }) => {
  const translate = useTranslate();
  const { ticket, setting } = record;
  const office = 'projectLeader' in ticket ? ticket : null;
  const receiver = 'haulageRecordReceiverPhone' in setting ? setting : null;
  const net = ticket.weight === null ? null : printedNet(ticket.weight, setting.displayUnit);
  const volume = ticket.truckTypeId === null ? undefined : truckTypeVolumesM3[ticket.truckTypeId];
  // The truck type with its nominal volume: Triaxle (10 m3), Trailer (40 m3).
  const shownTicket = {
    ...ticket,
    truckTypeName:
      ticket.truckTypeName && volume ? `${ticket.truckTypeName} (${volume} m3)` : ticket.truckTypeName,
  };
  return (
    <Box component="article" sx={{ border: 1, borderColor: 'text.primary', p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {translate('portal.haulage.title')}
      </Typography>
      <Typography variant="subtitle1">
        {translate('portal.haulage.ticketNumber', { number: displayTicketNumber(ticket) })}
      </Typography>
      <Section
        title="portal.haulage.sections.source"
        lines={[
          [k('jobSite'), text(ticket.jobSite)],
          ...(office
            ? [
                line('project', text(office.projectProjectId)),
                line('projectLeader', text(office.projectLeader)),
              ]
            : []),
          [k('contractor'), text(ticket.contractorCompanyName)],
          [k('siteContact'), joined(ticket.siteContactName, ticket.siteContactNumber)],
          ...(office
            ? [
                line(
                  'officeContact',
                  joined(office.contractorOfficeContactName, office.contractorOfficeContactNumber),
                ),
              ]
            : []),
        ]}
      />
      <Section
        title="portal.haulage.sections.haulage"
        lines={[
          ...lines(shownTicket, [
            ['haulageCompany', 'transportCompanyName'],
            ['truckNumber', 'truckNumber'],
            ['licensePlate', 'truckLicensePlate'],
            ['driver', 'truckDriverName'],
            ['truckType', 'truckTypeName'],
            ['materialType', 'materialTypeName'],
            ['material', 'materialName'],
          ]),
          // From the ticket's history: a dashboard receipt clears the ticket's own.
          [k('timeLoaded'), text(displayInstant(record.loadedAt))],
          [k('timeReceived'), text(displayInstant(ticket.timeReceived))],
          [k('netWeight'), net?.net ?? '—'],
          [k(net?.second.label ?? 'netTonnes'), net?.second.value ?? '—'],
          ...weighingLine(translate, record.weighing),
        ]}
      />
      <Section
        title="portal.haulage.sections.receivingSite"
        lines={[
          [k('receivingSite'), setting.receivingSiteName],
          [k('address'), text(setting.receivingSiteAddress)],
        ]}
      />
      <Typography variant="body2" sx={{ mt: 2, fontStyle: 'italic' }}>
        {setting.soilQualityStatement}
      </Typography>
      <Divider sx={{ my: 2 }} />
      {/* The acknowledgement and its signature stay together, on the record's page. */}
      <Box sx={{ breakInside: 'avoid', pageBreakInside: 'avoid' }}>
        <Section
          title="portal.haulage.sections.acknowledgement"
          lines={[
            [k('receiverName'), text(setting.haulageRecordReceiverName)],
            ...(receiver
              ? [
                  line('receiverPhone', text(receiver.haulageRecordReceiverPhone)),
                  line('receiverEmail', text(receiver.haulageRecordReceiverEmail)),
                ]
              : []),
          ]}
        />
        <SignatureLines labels={[k('signature')]} />
      </Box>
    </Box>
  );
};

const HaulageRecordScreen = ({ id, hash }: { id: string; hash: string | null }) => {
  const { data, error } = useHaulageRecord(id, hash);
  const notFound = error instanceof HttpError && error.status === 404;
  return (
    <PrintPage>
      {data ? <HaulageRecordSheet record={data} /> : <PrintState error={error} notFound={notFound} />}
    </PrintPage>
  );
};

const SignedInHaulageRecord = ({ id }: { id: string }) => {
  useAuthenticated();
  return currentSession() ? <HaulageRecordScreen id={id} hash={null} /> : null;
};

/**
 * /haulage-record/{id}: with `?hash=…` it opens without signing in (the digital
 * ticket's QR code); a wrong hash shows nothing of the ticket. Without a hash it needs a session.
 */
export const HaulageRecordPage = () => {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const hash = searchParams.get('hash');
  return hash ? <HaulageRecordScreen id={id} hash={hash} /> : <SignedInHaulageRecord id={id} />;
};
