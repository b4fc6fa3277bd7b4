import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A form dialog's two actions: Cancel closes it, the submit button (its own words) sends the form. */
export const CancelSubmitActions = ({
  cancel,
  submit,
  onCancel,
  busy = false,
}: {
  cancel: string;
  submit: string;
  onCancel: () => void;
  busy?: boolean;
}) => {
  const translate = useTranslate();
  return (
    <>
      <Button onClick={onCancel}>{translate(cancel)}</Button>
      <Button type="submit" variant="contained" disabled={busy}>
        {translate(submit)}
      </Button>
    </>
  );
};
