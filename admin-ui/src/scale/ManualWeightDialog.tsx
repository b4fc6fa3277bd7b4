import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { kgFromDisplayUnit } from '@portal/domain';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSiteWeights } from '../settings/site-settings';

/**
 * Spec section 4: typing the weight stops live reading, after a confirmation titled 'Manually Set Scale Weight'.
 * The operator types in the site's unit; `onConfirm` gets KG, as every weight the Scale page sends.
 */
export const ManualWeightDialog = ({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel(): void;
  onConfirm(weightKg: number): void;
}) => {
  const translate = useTranslate();
  const { unit, symbol } = useSiteWeights();
  const [text, setText] = useState('');
  const weight = Number(text);
  const valid = text.trim() !== '' && Number.isFinite(weight) && weight >= 0;
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="manual-weight-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onConfirm(kgFromDisplayUnit(weight, unit));
        }}
      >
        <DialogTitle id="manual-weight-title">Manually Set Scale Weight</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('portal.scale.manualExplained')}</DialogContentText>
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
            error={text.trim() !== '' && !valid}
            helperText={text.trim() !== '' && !valid ? translate('portal.scale.weightNotNumber') : ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!valid}>
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
