import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** Spec section 4: typing the weight stops live reading, after a confirmation titled 'Manually Set Scale Weight'. */
export const ManualWeightDialog = ({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel(): void;
  onConfirm(weight: number): void;
}) => {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const weight = Number(text);
  const valid = text.trim() !== '' && Number.isFinite(weight) && weight >= 0;
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="manual-weight-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onConfirm(weight);
        }}
      >
        <DialogTitle id="manual-weight-title">Manually Set Scale Weight</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('portal.scale.manualExplained')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={translate('portal.scale.weightKg')}
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
