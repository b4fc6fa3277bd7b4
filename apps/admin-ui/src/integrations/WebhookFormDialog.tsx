import {
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
} from '@mui/material';
import { endpoints, type WebhookSubscription } from '@portal/contract';
import { type WebhookEventType, webhookEventTypes } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { CancelSubmitActions } from '../common/CancelSubmitActions';
import { TitledDialog } from '../common/TitledDialog';
import { useToastedPendingCall } from '../common/usePendingCall';
import { call } from '../dataProvider/http-client';
import { editBody } from './integrations';

/**
 * Adds a webhook (answering its secret, shown once by the caller) or edits one: its URL, description and
 * event types. The server checks the URL (https, a public address) and says what is wrong.
 */
export const WebhookFormDialog = ({
  editing,
  onClose,
  onSaved,
}: {
  /** The subscription edited; null to add one. */
  editing: WebhookSubscription | null;
  onClose: () => void;
  onSaved: (secret: string | null) => void;
}) => {
  const translate = useTranslate();
  const [url, setUrl] = useState(editing?.url ?? 'https://');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [types, setTypes] = useState<WebhookEventType[]>(editing?.eventTypes ?? []);
  const [typesMissing, setTypesMissing] = useState(false);
  const { pending: saving, runToasted } = useToastedPendingCall();

  const toggle = (type: WebhookEventType) =>
    setTypes((chosen) => (chosen.includes(type) ? chosen.filter((t) => t !== type) : [...chosen, type]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (types.length === 0) {
      setTypesMissing(true);
      return;
    }
    const fields = { url: url.trim(), eventTypes: types, description: description.trim() || null };
    await runToasted(async () => {
      if (editing) {
        await call(endpoints.putWebhookById, {
          params: { id: editing.id },
          body: { ...editBody(editing, editing.state !== 'disabled'), ...fields },
        });
        onSaved(null);
      } else {
        const created = await call(endpoints.postWebhookNew, { body: fields });
        onSaved(created.secret);
      }
    });
  };

  return (
    <TitledDialog
      open
      onClose={onClose}
      fullWidth
      title={translate(editing ? 'portal.integrations.editTitle' : 'portal.integrations.newTitle')}
      onSubmit={submit}
      actions={
        <CancelSubmitActions
          cancel="portal.integrations.cancel"
          submit="portal.integrations.save"
          onCancel={onClose}
          busy={saving}
        />
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={translate('portal.integrations.url')}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          helperText={translate('portal.integrations.urlHelp')}
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
        />
        <TextField
          label={translate('portal.integrations.description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          fullWidth
        />
        <FormGroup>
          <FormLabel component="legend">{translate('portal.integrations.eventTypes')}</FormLabel>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            {webhookEventTypes.map((type) => (
              <FormControlLabel
                key={type}
                sx={{ minWidth: 220 }}
                control={<Checkbox checked={types.includes(type)} onChange={() => toggle(type)} />}
                label={type}
              />
            ))}
          </Stack>
          {typesMissing && types.length === 0 && (
            <FormHelperText error>{translate('portal.integrations.eventTypesRequired')}</FormHelperText>
          )}
        </FormGroup>
      </Stack>
    </TitledDialog>
  );
};
