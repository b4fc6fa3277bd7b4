import { type Theme, useMediaQuery } from '@mui/material';

/** Phones (below MUI's `sm`) get one line per record instead of a table. */
export const useIsPhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
