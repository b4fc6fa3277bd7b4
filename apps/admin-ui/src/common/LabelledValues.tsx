import { Box, Typography } from '@mui/material';
import { Fragment, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** One line of a printed-style list: its label's message key and what it shows. */
export type LabelledValue = [label: string, value: ReactNode];

/**
 * Labels and values side by side, as on a paper ticket, at any width. One label width everywhere, so the
 * values of all blocks line up.
 */
export const LabelledValues = ({ lines, large = false }: { lines: LabelledValue[]; large?: boolean }) => {
  const translate = useTranslate();
  // Large: read at arm's length, e.g. on a phone in a truck's cab.
  const variant = large ? 'body1' : 'body2';
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '9.5rem 1fr', sm: '11rem 1fr' },
        m: 0,
        '& > *': { py: 0.75, borderBottom: 1, borderColor: 'divider' },
        '& dt': { pr: 2 },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
        // The '—' of an empty value is set in the row's type, not the page's.
        '& dd .MuiTypography-root': { font: 'inherit' },
      }}
    >
      {lines.map(([label, value]) => (
        <Fragment key={label}>
          <Typography component="dt" variant={variant} color="text.secondary">
            {translate(label)}
          </Typography>
          <Typography component="dd" variant={variant} sx={{ fontWeight: large ? 600 : 500 }}>
            {value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
};
