import { Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { MomentInput } from '../../common/DateInputs';
import { minutesBefore } from './dispatch-form';

/** The one-tap choices, in minutes before now: most trucks leave within the hour they are loaded. */
const quickChoices = [0, 15, 30, 60] as const;

/**
 * Time loaded on the driver's phone: the form starts it at now; one tap on a choice below sets now or a
 * quarter-hour back; the picker stays for any other moment.
 */
export const TimeLoadedInput = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const choose = (minutes: number) =>
    setValue('timeLoaded', minutesBefore(new Date(), minutes), { shouldDirty: true, shouldValidate: true });
  return (
    <Box>
      <MomentInput source="timeLoaded" label="portal.tickets.fields.timeLoaded" fullWidth />
      <Box
        role="group"
        aria-label={translate('portal.dispatch.timeLoadedChoices')}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1 }}
      >
        {quickChoices.map((minutes) => (
          <Button
            key={minutes}
            variant="outlined"
            onClick={() => choose(minutes)}
            sx={{ minHeight: 48, fontSize: '1rem', lineHeight: 1.2, px: 0.5, textTransform: 'none' }}
          >
            {minutes === 0
              ? translate('portal.dispatch.now')
              : translate('portal.dispatch.minutesAgo', { minutes })}
          </Button>
        ))}
      </Box>
    </Box>
  );
};
