import AssignmentIcon from '@mui/icons-material/Assignment';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import type { Project } from '@portal/contract';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { IconActionButton } from '../../common/IconActionButton';
import { rangeOrderOf } from '../../common/range-order';
import { type HaulageReportRange, haulageReportPath, reportRangeError } from './haulage-report';

const emptyRange: HaulageReportRange = { from: '', to: '', fromDate: '', toDate: '' };

/**
 * A project row's Haulage Record Report: From/To ticket number and From/To date, then the
 * report in a 1000x1000 popup, where it prints itself.
 */
export const HaulageReportButton = () => {
  const project = useRecordContext<Project>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState(emptyRange);
  if (!project) return null;
  const order = rangeOrderOf(range);
  const errors: Partial<Record<keyof HaulageReportRange, string>> = {
    from: reportRangeError(range.from),
    to: reportRangeError(range.to) ?? order.to,
    toDate: order.toDate,
  };
  const valid = Object.values(errors).every((error) => !error);
  const field = (key: keyof HaulageReportRange, type: 'text' | 'date') => (
    <TextField
      label={translate(`portal.haulage.report.${key}`)}
      type={type}
      value={range[key]}
      onChange={(event) => setRange({ ...range, [key]: event.target.value })}
      error={Boolean(errors[key])}
      helperText={errors[key] ? translate(errors[key], { _: errors[key] }) : ' '}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: type === 'text' ? { inputMode: 'numeric' } : {} }}
    />
  );
  const label = translate('portal.haulage.report.open');
  return (
    <>
      <IconActionButton
        label="portal.haulage.report.open"
        icon={<AssignmentIcon fontSize="small" />}
        onClick={() => setOpen(true)}
      />
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="haulage-report-title"
        // React events bubble out of the portal to the table row, which would open the project.
        onClick={(event) => event.stopPropagation()}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid) return;
            window.open(haulageReportPath(project.id, range), 'haulage-report', 'width=1000,height=1000');
            setOpen(false);
          }}
        >
          <DialogTitle id="haulage-report-title">{label}</DialogTitle>
          <DialogContent>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
              {field('from', 'text')}
              {field('to', 'text')}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field('fromDate', 'date')}
              {field('toDate', 'date')}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!valid}>
              {translate('portal.haulage.report.generate')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
