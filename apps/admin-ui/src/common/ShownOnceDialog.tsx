import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button, DialogContentText, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { TitledDialog } from './TitledDialog';

/** The catalogue keys of a shown-once dialog's texts (each screen words its own secret). */
interface ShownOnceWords {
  title: string;
  explained: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
}

/**
 * A secret the server shows only once (a bridge key, a webhook's signing secret): read-only, selected on
 * focus, with a Copy button; closing it is the last time it is seen.
 */
export const ShownOnceDialog = ({
  value,
  label,
  words,
  onClose,
}: {
  value: string | null;
  label: string;
  words: ShownOnceWords;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <TitledDialog
      open={value !== null}
      onClose={onClose}
      fullWidth
      title={translate(words.title)}
      actions={
        <>
          <Button
            startIcon={<ContentCopyIcon />}
            onClick={() =>
              navigator.clipboard
                ?.writeText(value ?? '')
                .then(() => notify(words.copied, { type: 'info' }))
                .catch(() => notify(words.copyFailed, { type: 'warning' }))
            }
          >
            {translate(words.copy)}
          </Button>
          <Button variant="contained" onClick={onClose}>
            {translate(words.done)}
          </Button>
        </>
      }
    >
      <DialogContentText sx={{ mb: 2 }}>{translate(words.explained)}</DialogContentText>
      <TextField
        fullWidth
        label={label}
        value={value ?? ''}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
        onFocus={(event) => event.target.select()}
      />
    </TitledDialog>
  );
};
