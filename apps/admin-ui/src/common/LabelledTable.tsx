import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A column's heading (a catalogue key; none for a column of buttons) and alignment. */
interface Column {
  label?: string;
  align?: 'right';
}

/**
 * A small table named by `label`, with its columns' headings; on a phone it scrolls inside its card (width 0
 * + min-width 100%: it never widens the page).
 */
export const LabelledTable = ({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly Column[];
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: 0, minWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={translate(label)}>
        <TableHead>
          <TableRow>
            {columns.map((column, index) => (
              // Headings may repeat (blank ones): their place is their key.
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns never reorder
              <TableCell key={index} align={column.align}>
                {column.label ? translate(column.label) : null}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
};
