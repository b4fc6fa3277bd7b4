import {
  Box,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
} from '@mui/material';
import { type ApiKey, endpoints, type KeyScope, keyScopes } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { CancelSubmitActions } from '../common/CancelSubmitActions';
import { IssuedKeysCard, type KeyColumn } from '../common/IssuedKeysCard';
import { TitledDialog } from '../common/TitledDialog';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { call } from '../dataProvider/http-client';
import { displayInstant } from '../tickets/dashboard/dashboard-ticket';

const dayMs = 86_400_000;
/** The expiry a new key is offered: 90 days on, as the date input writes it. */
const defaultExpiryDate = () => new Date(Date.now() + 90 * dayMs).toISOString().slice(0, 10);

/** The new key's form: a name, its scopes and the day it expires (at that day's end, local time). */
const NewApiKeyDialog = ({
  open,
  onClose,
  onIssued,
}: {
  open: boolean;
  onClose: () => void;
  onIssued: (key: string) => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<KeyScope[]>([]);
  const [expiryDate, setExpiryDate] = useState(defaultExpiryDate);
  const [tried, setTried] = useState(false);
  const nameMissing = name.trim() === '';
  const scopesMissing = scopes.length === 0;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (nameMissing || scopesMissing) return;
    try {
      const expiresAt = new Date(`${expiryDate}T23:59:59`).toISOString();
      const answer = await call(endpoints.postApiKeyNew, { body: { name: name.trim(), scopes, expiresAt } });
      setName('');
      setScopes([]);
      setTried(false);
      onIssued(answer.key);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const toggle = (scope: KeyScope) =>
    setScopes((chosen) => (chosen.includes(scope) ? chosen.filter((s) => s !== scope) : [...chosen, scope]));

  return (
    <TitledDialog
      open={open}
      onClose={onClose}
      fullWidth
      onSubmit={submit}
      title={translate('portal.apiKeys.newKeyTitle')}
      actions={
        <CancelSubmitActions
          cancel="portal.apiKeys.cancel"
          submit="portal.apiKeys.issue"
          onCancel={onClose}
        />
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={translate('portal.apiKeys.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={tried && nameMissing}
          helperText={tried && nameMissing ? translate('portal.apiKeys.nameRequired') : ' '}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          autoComplete="off"
        />
        <Box>
          <FormLabel component="legend">{translate('portal.apiKeys.scopes')}</FormLabel>
          <FormGroup>
            {keyScopes.map((scope) => (
              <FormControlLabel
                key={scope}
                control={<Checkbox checked={scopes.includes(scope)} onChange={() => toggle(scope)} />}
                label={translate(`portal.apiKeys.scopeNames.${scope}`)}
              />
            ))}
          </FormGroup>
          {tried && scopesMissing && (
            <FormHelperText error>{translate('portal.apiKeys.scopesRequired')}</FormHelperText>
          )}
        </Box>
        <TextField
          type="date"
          label={translate('portal.apiKeys.expiresAt')}
          value={expiryDate}
          onChange={(event) => setExpiryDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
    </TitledDialog>
  );
};

const when = (instant: string | null) => (instant ? displayInstant(instant) : '—');

const words = {
  title: 'portal.apiKeys.title',
  issueKey: 'portal.apiKeys.issueKey',
  noKeys: 'portal.apiKeys.noKeys',
  revoke: 'portal.apiKeys.revoke',
  revokeTitle: 'portal.apiKeys.revokeTitle',
  revokeContent: 'portal.apiKeys.revokeContent',
  keyRevoked: 'portal.apiKeys.keyRevoked',
  issuedTitle: 'portal.apiKeys.issuedTitle',
  issuedExplained: 'portal.apiKeys.issuedExplained',
};

/**
 * Settings → API keys (administrators): each key's name, scopes, expiry, last use; a new key is shown once,
 * in a dialog; a revoked key is refused from its next call.
 */
export const ApiKeys = () => {
  const translate = useTranslate();
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: () => call(endpoints.getApiKeyAll, {}) });
  useNotifyLoadError(keys.error);
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<string | null>(null);
  const columns: KeyColumn<ApiKey>[] = [
    { heading: 'portal.apiKeys.name', cell: (key) => key.name },
    {
      heading: 'portal.apiKeys.scopes',
      cell: (key) => key.scopes.map((scope) => translate(`portal.apiKeys.scopeNames.${scope}`)).join(', '),
    },
    { heading: 'portal.apiKeys.expiresAt', cell: (key) => when(key.expiresAt) },
    { heading: 'portal.apiKeys.lastUsedAt', cell: (key) => when(key.lastUsedAt) },
    { heading: 'portal.apiKeys.revokedAt', cell: (key) => when(key.revokedAt) },
  ];

  return (
    <IssuedKeysCard
      words={words}
      intro="portal.apiKeys.intro"
      keys={keys.data}
      columns={columns}
      onIssue={() => setCreating(true)}
      revoke={async (key) => {
        await call(endpoints.postApiKeyByIdRevoke, { params: { id: key.id } });
        await keys.refetch();
      }}
      issued={issued}
      onIssuedClosed={() => setIssued(null)}
      keyLabel="API key"
    >
      <NewApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onIssued={(key) => {
          setCreating(false);
          setIssued(key);
          void keys.refetch();
        }}
      />
    </IssuedKeysCard>
  );
};
