import type { ReceivingRecord } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { formatWeight } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useAuthenticated, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { LabelledValue } from '../../common/LabelledValues';
import { useNotifyLoadError } from '../../common/useNotifyLoadError';
import { call } from '../../dataProvider/http-client';
import { currentSession } from '../../session';
import { PrintPage, PrintState } from './PrintFrame';
import { RecordSheet, ticketLine } from './RecordSheet';
import { SignatureLines, weighingLine } from './record-history';
import { printedNet, recordWeights } from './record-weights';
import { usePrintOnce } from './usePrintOnce';

/** The print-record page prints itself 5 seconds after it has loaded. */
const AUTO_PRINT_DELAY_MS = 5000;

const ReceivingRecordSheet = ({ record }: { record: ReceivingRecord }) => {
  const translate = useTranslate();
  usePrintOnce(AUTO_PRINT_DELAY_MS);
  const { setting } = record;
  // The load's time loaded from its history: a dashboard receipt clears the ticket's own.
  const ticket = { ...record.ticket, timeLoaded: record.loadedAt };
  const weights = recordWeights(ticket.weight, record.truckTareWeight, setting.defaultTareWeight);
  const unit = setting.displayUnit;
  const noValue = translate('portal.tickets.noValue');
  const weight = (kg: number | undefined) => (kg === undefined ? noValue : formatWeight(kg, unit));
  const net = weights && printedNet(weights.net, unit);
  const weightLines: LabelledValue[] = [
    ['portal.records.weights.tare', weight(weights?.tare)],
    ['portal.records.weights.gross', weight(weights?.gross)],
    ['portal.records.weights.net', net?.net ?? noValue],
    [`portal.records.weights.${net?.second.label ?? 'netTonnes'}`, net?.second.value ?? noValue],
    ...weighingLine(translate, record.weighing),
  ];
  return (
    <RecordSheet
      title="portal.records.receivingRecord.title"
      record={{ ticket, settings: setting }}
      lines={[
        ticketLine(ticket, 'date'),
        ticketLine(ticket, 'timeLoaded'),
        ticketLine(ticket, 'timeReceived'),
        ticketLine(ticket, 'contractorCompanyId', 'contractorCompanyName'),
        ticketLine(ticket, 'jobSite'),
        ticketLine(ticket, 'transportCompanyId', 'transportCompanyName'),
        ticketLine(ticket, 'truckNumber'),
        ticketLine(ticket, 'truckLicensePlate'),
        ticketLine(ticket, 'truckDriverName'),
        ticketLine(ticket, 'materialTypeId', 'materialTypeName'),
        ticketLine(ticket, 'materialId', 'materialName'),
        ...weightLines,
      ]}
    >
      <SignatureLines
        labels={['portal.records.receivingRecord.receivedBy', 'portal.records.receivingRecord.signature']}
      />
    </RecordSheet>
  );
};

/** GET /api/ticket/{id}/receiving-record, once: no refetch when the print dialog hands the focus back. */
const useReceivingRecord = (id: string) =>
  useQuery({
    queryKey: ['receiving-record', id],
    queryFn: () => call(endpoints.getTicketByIdReceivingRecord, { params: { id: Number(id) } }),
    enabled: currentSession() !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** /print-record/{id}: the receiving record, opened in a popup, printed by itself. */
export const PrintRecordPage = () => {
  useAuthenticated();
  const { id = '' } = useParams();
  const { data, error } = useReceivingRecord(id);
  useNotifyLoadError(error);
  return (
    <PrintPage>{data ? <ReceivingRecordSheet record={data} /> : <PrintState error={error} />}</PrintPage>
  );
};
