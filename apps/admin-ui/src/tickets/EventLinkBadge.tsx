import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Typography } from '@mui/material';
import type { EventLink } from '@portal/contract';
import { useTranslate } from 'react-admin';
import { breakReasonKey } from '../audit/chain-break';

const looks = {
  verified: { Icon: CheckCircleIcon, color: 'success.main' },
  broken: { Icon: ErrorIcon, color: 'error.main' },
  'after-break': { Icon: WarningAmberIcon, color: 'warning.dark' },
} as const;

/**
 * An event's link in its stream's hash chain, beside it in the ticket's history: a green check, a red
 * 'Broken' with why, or amber after a break; 'not checked' while the links load or could not be.
 */
export const EventLinkBadge = ({ link }: { link: EventLink | undefined }) => {
  const translate = useTranslate();
  const { Icon, color } = link ? looks[link.link] : { Icon: HelpOutlineIcon, color: 'text.secondary' };
  const words = link ? translate(`portal.audit.links.${link.link}`) : translate('portal.audit.links.unknown');
  const why = link?.reason
    ? translate(breakReasonKey(link.reason))
    : link?.link === 'after-break'
      ? translate('portal.audit.links.afterBreakHelp')
      : null;
  return (
    <Box
      component="span"
      data-link={link?.link ?? 'unknown'}
      sx={{ display: 'inline-flex', alignItems: 'flex-start', gap: 0.5, color, mt: 0.25 }}
    >
      <Icon fontSize="small" aria-hidden />
      <Typography
        component="span"
        variant="caption"
        sx={{ color, fontWeight: link?.link === 'broken' ? 600 : 500 }}
      >
        {words}
        {why && `: ${why}`}
      </Typography>
    </Box>
  );
};
