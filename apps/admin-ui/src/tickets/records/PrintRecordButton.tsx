import PrintIcon from '@mui/icons-material/Print';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { IconActionButton } from '../../common/IconActionButton';
import { printRecordPath } from './record-links';

/** The receiving record opens in its own 750x750 popup, which prints itself. */
const openPrintRecord = (id: number) => {
  window.open(printRecordPath(id), 'print-record', 'width=750,height=750');
};

/** Opens a ticket's receiving record: an icon in a table row, a labelled button on the ticket page. */
export const PrintRecordButton = ({ id, variant }: { id: number; variant: 'icon' | 'button' }) => {
  const translate = useTranslate();
  const label = translate('portal.records.receivingRecord.open');
  if (variant === 'button') {
    return (
      <Button size="small" startIcon={<PrintIcon />} onClick={() => openPrintRecord(id)}>
        {label}
      </Button>
    );
  }
  return (
    <IconActionButton
      label="portal.records.receivingRecord.open"
      icon={<PrintIcon fontSize="small" />}
      onClick={() => openPrintRecord(id)}
    />
  );
};
