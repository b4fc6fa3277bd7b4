import { Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * One choice of a few, as a labelled row of toggle buttons (the report chart's stacking, the deliveries'
 * state): `labels` is the translation key under which each option's label is.
 */
export const LabelledToggles = <Option extends string>({
  label,
  labels,
  options,
  value,
  onChange,
}: {
  label: string;
  labels: string;
  options: readonly Option[];
  value: Option;
  onChange: (next: Option) => void;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
      <Typography variant="body2" component="span">
        {translate(label)}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value}
        onChange={(_, next: Option | null) => next && onChange(next)}
        aria-label={translate(label)}
      >
        {options.map((option) => (
          <ToggleButton key={option} value={option}>
            {translate(`${labels}.${option}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
};
