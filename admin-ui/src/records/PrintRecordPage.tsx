import { formatWeight } from '@portal/domain';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { LabelledValue } from '../common/LabelledValues';
import { PrintFrame } from './PrintFrame';
import { RecordSheet, ticketLine } from './RecordSheet';
import { printedNet, recordWeights } from './record-weights';
import { usePrintOnce } from './usePrintOnce';
import type { PrintedRecord } from './useRecord';

/** Spec section 9, Auto-print: the print-record page prints 5 seconds after it has loaded. */
const AUTO_PRINT_DELAY_MS = 5000;

const ReceivingRecord = ({ record }: { record: PrintedRecord }) => {
  const translate = useTranslate();
  usePrintOnce(AUTO_PRINT_DELAY_MS);
  const { ticket, truck, settings } = record;
  const weights = recordWeights(ticket.weight, truck?.tareWeight ?? null, settings.defaultTareWeight);
  const unit = settings.displayUnit;
  const noValue = translate('portal.tickets.noValue');
  const weight = (kg: number | undefined) => (kg === undefined ? noValue : formatWeight(kg, unit));
  const net = weights && printedNet(weights.net, unit);
  const weightLines: LabelledValue[] = [
    ['portal.records.weights.tare', weight(weights?.tare)],
    ['portal.records.weights.gross', weight(weights?.gross)],
    ['portal.records.weights.net', net?.net ?? noValue],
    [`portal.records.weights.${net?.second.label ?? 'netTonnes'}`, net?.second.value ?? noValue],
  ];
  return (
    <RecordSheet
      title="portal.records.receivingRecord.title"
      record={record}
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
    />
  );
};

/** /print-record/{id} (spec section 2): the receiving record, opened in a popup, printed by itself. */
export const PrintRecordPage = () => {
  const { id = '' } = useParams();
  return (
    <PrintFrame id={id} needs={{ hash: false, truck: true }}>
      {(record) => <ReceivingRecord record={record} />}
    </PrintFrame>
  );
};
