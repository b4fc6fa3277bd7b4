import GavelIcon from '@mui/icons-material/Gavel';
import { Alert, Button, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { endpoints, type LegalHold } from '@portal/contract';
import { Role } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Confirm, useNotify, usePermissions, useTranslate } from 'react-admin';
import { errorText } from '../common/error-text';
import { fieldErrorsOf } from '../common/field-errors';
import { call } from '../dataProvider/http-client';
import { Section, SectionForm } from './AuditSections';
import { legalHoldsQuery, retentionQueryKey } from './retention-queries';

type Scope = 'projectId' | 'contractorCompanyId' | 'range';

/** What a hold covers, in words. */
function coverage(translate: ReturnType<typeof useTranslate>, hold: LegalHold) {
  if (hold.projectId !== null)
    return translate('portal.holds.ofProject', { project: hold.projectReference ?? `#${hold.projectId}` });
  if (hold.contractorCompanyId !== null)
    return translate('portal.holds.ofContractor', {
      contractor: hold.contractorCompanyName ?? `#${hold.contractorCompanyId}`,
    });
  return translate('portal.holds.ofRange', { from: hold.fromTicketId, to: hold.toTicketId });
}

/** Place a hold (administrators): one scope, its id or range, and the reason. */
function PlaceHoldForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<Scope>('projectId');
  const [id, setId] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const place = useMutation({
    mutationFn: () =>
      call(endpoints.postLegalHoldNew, {
        body:
          scope === 'range'
            ? { fromTicketId: id.trim(), toTicketId: to.trim(), reason }
            : { [scope]: id.trim(), reason },
      }),
    onSuccess: async () => {
      notify('portal.holds.placed', { type: 'success' });
      setId('');
      setTo('');
      setReason('');
      await queryClient.invalidateQueries({ queryKey: retentionQueryKey });
    },
  });
  const errors = fieldErrorsOf(place.error) ?? {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    place.mutate();
  };
  const field = { size: 'small', sx: { width: { xs: '100%', sm: '12rem' } } } as const;
  return (
    <SectionForm onSubmit={submit} mt={2}>
      <TextField
        {...field}
        select
        label={translate('portal.holds.on')}
        value={scope}
        onChange={(event) => setScope(event.target.value as Scope)}
      >
        {(['projectId', 'contractorCompanyId', 'range'] as const).map((each) => (
          <MenuItem key={each} value={each}>
            {translate(`portal.holds.scopes.${each}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        label={translate(scope === 'range' ? 'portal.holds.fromTicketId' : `portal.holds.ids.${scope}`)}
        value={id}
        onChange={(event) => setId(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={Boolean(errors.scope ?? errors.fromTicketId)}
        helperText={errors.scope ?? errors.fromTicketId}
      />
      {scope === 'range' && (
        <TextField
          {...field}
          label={translate('portal.holds.toTicketId')}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
      <TextField
        size="small"
        sx={{ width: { xs: '100%', sm: '20rem' } }}
        label={translate('portal.holds.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={Boolean(errors.reason)}
        helperText={errors.reason ?? translate('portal.holds.reasonHelp')}
      />
      <Button type="submit" variant="outlined" startIcon={<GavelIcon />} disabled={place.isPending}>
        {translate('portal.holds.place')}
      </Button>
      {place.error && Object.keys(errors).length === 0 && (
        <Alert severity="error">{errorText(translate, place.error)}</Alert>
      )}
    </SectionForm>
  );
}

/** The legal holds standing, Release each (administrators, after a confirmation), and Place a hold. */
export const LegalHoldsSection = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { permissions } = usePermissions();
  const isAdministrator = permissions === Role.Administrator;
  const holds = useQuery(legalHoldsQuery);
  const [releasing, setReleasing] = useState<LegalHold | null>(null);
  const release = useMutation({
    mutationFn: (hold: LegalHold) => call(endpoints.deleteLegalHoldById, { params: { id: hold.id } }),
    onSuccess: async () => {
      notify('portal.holds.released', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: retentionQueryKey });
    },
    onError: (error) => notify(errorText(translate, error), { type: 'error' }),
  });
  return (
    <Section id="holds-title" title="portal.holds.title">
      <Typography variant="body2" color="text.secondary">
        {translate('portal.holds.help')}
      </Typography>
      {holds.error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorText(translate, holds.error)}
        </Alert>
      ) : holds.data?.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('portal.holds.none')}
        </Typography>
      ) : (
        <List dense aria-label={translate('portal.holds.title')}>
          {holds.data?.map((hold) => (
            <ListItem
              key={hold.id}
              divider
              secondaryAction={
                isAdministrator && (
                  <Button size="small" onClick={() => setReleasing(hold)} disabled={release.isPending}>
                    {translate('portal.holds.release')}
                  </Button>
                )
              }
            >
              <ListItemText primary={coverage(translate, hold)} secondary={hold.reason} />
            </ListItem>
          ))}
        </List>
      )}
      {isAdministrator && <PlaceHoldForm />}
      <Confirm
        isOpen={releasing !== null}
        title="portal.holds.releaseTitle"
        content="portal.holds.releaseContent"
        translateOptions={{ what: releasing ? coverage(translate, releasing) : '' }}
        confirm="portal.holds.release"
        onConfirm={() => {
          if (releasing) release.mutate(releasing);
          setReleasing(null);
        }}
        onClose={() => setReleasing(null)}
      />
    </Section>
  );
};
