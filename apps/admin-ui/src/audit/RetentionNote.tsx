import { Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { errorText } from '../common/error-text';
import { retentionPolicyQuery } from './retention-queries';

/** The Settings page's word on records retention: the period, kept on the Audit page with the holds. */
export const RetentionNote = () => {
  const translate = useTranslate();
  const policy = useQuery(retentionPolicyQuery);
  if (policy.isPending) return null;
  const years = policy.data?.ticketPersonalDataYears ?? null;
  return (
    <Typography variant="body2" sx={{ px: 2, pb: 2 }} data-testid="retention-note">
      {policy.error
        ? errorText(translate, policy.error)
        : years === null
          ? translate('portal.retention.settingsNone')
          : translate('portal.retention.settingsYears', { smart_count: years })}{' '}
      <Link component={RouterLink} to="/audit">
        {translate('portal.retention.settingsLink')}
      </Link>
    </Typography>
  );
};
