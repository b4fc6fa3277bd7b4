import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';

/** At most this many rows of conflicts or skipped tickets are listed; the rest are counted. */
const LISTED_ROWS = 100;

/** A small table of ticket numbers and text (conflicts, skipped tickets), scrolling when long. */
export const BulkTicketTable = ({
  label,
  headers,
  rows,
}: {
  label: string;
  headers: [string, string];
  rows: { ticketNumber: number; text: string }[];
}) => {
  const translate = useTranslate();
  const shown = rows.slice(0, LISTED_ROWS);
  return (
    <TableContainer sx={{ maxHeight: 240, mt: 1 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 120 }}>{headers[0]}</TableCell>
            <TableCell>{headers[1]}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((row) => (
            <TableRow key={`${row.ticketNumber}-${row.text}`}>
              <TableCell>{row.ticketNumber}</TableCell>
              <TableCell>{row.text}</TableCell>
            </TableRow>
          ))}
          {rows.length > shown.length && (
            <TableRow>
              <TableCell colSpan={2}>
                {translate('portal.bulk.more', { list: '…', smart_count: rows.length - shown.length })}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
