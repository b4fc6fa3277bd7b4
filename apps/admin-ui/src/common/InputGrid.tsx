import { Box } from '@mui/material';
import type { Breakpoint } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { equalColumns } from './equal-columns';

/** A form's inputs in a grid of equal columns, `columns` many at each breakpoint, each input at its row's top. */
export const InputGrid = ({
  columns,
  children,
}: {
  columns: Partial<Record<Breakpoint, number>>;
  children: ReactNode;
}) => (
  <Box
    sx={{ display: 'grid', gridTemplateColumns: equalColumns(columns), columnGap: 2, alignItems: 'start' }}
  >
    {children}
  </Box>
);
