import { Button, DialogContentText, Stack, TextField } from '@mui/material';
import { kgFromDisplayUnit, manualReasonMaxLength, scaleMessages, weightOutOfBounds } from '@portal/domain';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { TitledDialog } from '../common/TitledDialog';
import { useWeightLimitKg } from '../common/weight-bounds';
import { useSiteWeights } from '../settings/site-settings';

/** A weight set by hand: its KG and why the scale was not read (issue 34: recorded with the weighing). */
export interface ManualWeight {
  weightKg: number;
  reason: string;
}

/**
 * Typing the weight stops live reading, after a confirmation titled 'Manually Set Scale Weight'.
 * The operator types in the site's unit and says why; `onConfirm` gets KG, as every weight the Scale page
 * sends. The weight lies in (0, the scale's capacity or without one the site's maximum] (issue 34, D4),
 * in the server's words.
 */
export const ManualWeightDialog = ({
  open,
  scaleCapacityKg,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  scaleCapacityKg: number | null;
  onCancel(): void;
  onConfirm(manual: ManualWeight): void;
}) => {
  const translate = useTranslate();
  const { unit, symbol } = useSiteWeights();
  const limitKg = useWeightLimitKg(scaleCapacityKg);
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const typed = text.trim() !== '';
  const weight = Number(text);
  const weightError = !typed
    ? tried
      ? translate('portal.scale.weightNotNumber')
      : null
    : Number.isFinite(weight)
      ? weightOutOfBounds(kgFromDisplayUnit(weight, unit), limitKg)
      : translate('portal.scale.weightNotNumber');
  const reasonMissing = reason.trim() === '';
  const valid = typed && weightError === null && !reasonMissing;
  return (
    <TitledDialog
      open={open}
      onClose={onCancel}
      title="Manually Set Scale Weight"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (valid) onConfirm({ weightKg: kgFromDisplayUnit(weight, unit), reason: reason.trim() });
      }}
      actions={
        <>
          <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={tried && !valid}>
            {translate('ra.action.confirm')}
          </Button>
        </>
      }
    >
      <DialogContentText sx={{ mb: 2 }}>{translate('portal.scale.manualExplained')}</DialogContentText>
      <Stack spacing={1}>
        <TextField
          autoFocus
          fullWidth
          label={translate('portal.weights.withUnit', {
            label: translate('portal.scale.weight'),
            unit: symbol,
          })}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={weightError !== null}
          helperText={weightError ?? ' '}
        />
        <TextField
          fullWidth
          required
          multiline
          label={translate('portal.scale.manualReason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: manualReasonMaxLength } }}
          error={tried && reasonMissing}
          helperText={
            tried && reasonMissing
              ? scaleMessages.manualReasonRequired
              : translate('portal.scale.manualReasonHelp')
          }
        />
      </Stack>
    </TitledDialog>
  );
};
