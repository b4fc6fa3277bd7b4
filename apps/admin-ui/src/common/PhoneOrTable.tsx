import { type Theme, useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';

/** Phones (below MUI's `sm`) get one line per record, `phone`; wider screens get `table`. */
export const PhoneOrTable = ({ phone, table }: { phone: ReactNode; table: ReactNode }) =>
  useMediaQuery((theme: Theme) => theme.breakpoints.down('sm')) ? phone : table;
