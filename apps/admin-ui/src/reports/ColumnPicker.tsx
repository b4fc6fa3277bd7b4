import { Box, Button, Checkbox, FormControlLabel, Typography } from '@mui/material';
import {
  defaultVisibleReportColumns,
  type ReportColumnKey,
  reportColumnKeys,
  reportColumnLabel,
  reportColumns,
} from '@portal/contract';
import { useTranslate } from 'react-admin';
import { equalColumns } from '../common/equal-columns';
import { useSiteWeights } from '../settings/site-settings';
import { inReportOrder } from './report-columns';

/** The 29 column checkboxes; the choice is the signed-in user's, kept in this browser. */
export const ColumnPicker = ({
  columns,
  onChange,
}: {
  columns: readonly ReportColumnKey[];
  onChange: (columns: ReportColumnKey[]) => void;
}) => {
  const translate = useTranslate();
  const { unit } = useSiteWeights();
  const chosen = new Set(columns);
  const toggle = (key: ReportColumnKey, on: boolean) =>
    onChange(inReportOrder(on ? [...columns, key] : columns.filter((column) => column !== key)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="legend" variant="subtitle2" sx={{ float: 'left' }}>
          {translate('portal.reports.columns.heading')}
        </Typography>
        <Button size="small" onClick={() => onChange(reportColumnKeys)}>
          {translate('portal.reports.columns.all')}
        </Button>
        <Button size="small" onClick={() => onChange(defaultVisibleReportColumns)}>
          {translate('portal.reports.columns.defaults')}
        </Button>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: equalColumns({ xs: 2, sm: 3, md: 4, lg: 6 }),
          columnGap: 2,
        }}
      >
        {reportColumns.map((column) => (
          <FormControlLabel
            key={column.key}
            label={reportColumnLabel(column, unit)}
            // The last column cannot go: a report needs at least one.
            control={
              <Checkbox
                size="small"
                checked={chosen.has(column.key)}
                disabled={chosen.has(column.key) && chosen.size === 1}
                onChange={(event) => toggle(column.key, event.target.checked)}
              />
            }
            slotProps={{ typography: { variant: 'body2' } }}
            sx={{ mr: 0, minWidth: 0 }}
          />
        ))}
      </Box>
    </Box>
  );
};
