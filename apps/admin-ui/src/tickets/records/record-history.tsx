import { Box, Typography } from '@mui/material';
import type { RecordWeighing } from '@portal/contract';
import { type TranslateFunction, useTranslate } from 'react-admin';
import type { LabelledValue } from '../../common/LabelledValues';

/**
 * A printed record's 'Weighed' line, from the weight's origin in the ticket's events: MANUAL with the
 * operator's reason for a weight typed by hand, else the scale that weighed it; none without a weight.
 */
export const weighingLine = (
  translate: TranslateFunction,
  weighing: RecordWeighing | null,
): LabelledValue[] =>
  weighing === null
    ? []
    : [
        [
          'portal.records.weighing.label',
          weighing.manual ? (
            <strong key="manual">
              {translate('portal.records.weighing.manual', { reason: weighing.manualReason })}
            </strong>
          ) : weighing.scaleName ? (
            translate('portal.records.weighing.scale', { scale: weighing.scaleName })
          ) : (
            translate('portal.records.weighing.unknownScale')
          ),
        ],
      ];

/** Lines to sign on paper: kept on the page of the record they close (never alone on the next one). */
export const SignatureLines = ({ labels }: { labels: string[] }) => {
  const translate = useTranslate();
  return (
    <Box
      data-testid="signature-block"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 3,
        mt: 3,
        breakInside: 'avoid',
        pageBreakInside: 'avoid',
      }}
    >
      {labels.map((label) => (
        <Box key={label} sx={{ flex: '1 1 14rem' }}>
          <Box sx={{ borderBottom: 1, borderColor: 'text.primary', height: '2.5rem' }} />
          <Typography variant="caption" color="text.secondary">
            {translate(label)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};
