import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { maxTicketNumber } from '@portal/domain';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { NumberInput, useTranslate } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { InputGrid } from '../../../common/InputGrid';
import { TicketNumberInput } from '../../../common/TicketNumberInput';
import { fieldErrorsOf } from '../../useTicket';
import { bulkRangeValidators, listNumbers, rangeValidators } from './bulk-forms';

/** A 400's field errors, for a form's onSubmit to return (react-admin puts them under the fields). */
export const serverFieldErrors = (error: unknown): Record<string, string> | undefined =>
  fieldErrorsOf(error) ?? undefined;

/** One line saying what the tab does. */
export const TabIntro = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {translate(text)}
    </Typography>
  );
};

/** The inputs of a tab's form: a grid of up to four columns. */
export const FieldGrid = ({ children }: { children: ReactNode }) => (
  <InputGrid columns={{ xs: 1, sm: 3, lg: 4 }}>{children}</InputGrid>
);

const numericInput = { htmlInput: { inputMode: 'numeric' as const, min: 1, max: maxTicketNumber, step: 1 } };

/** Generate and Export: from and to, both required; from gets the focus. */
export const TicketNumberRangeInputs = () => (
  <>
    <NumberInput
      source="from"
      label="portal.bulk.from"
      validate={rangeValidators.from}
      autoFocus
      autoComplete="off"
      slotProps={numericInput}
    />
    <NumberInput
      source="to"
      label="portal.bulk.to"
      validate={rangeValidators.to}
      autoComplete="off"
      slotProps={numericInput}
    />
  </>
);

/** Update and Clear: a required from and an optional to; from gets the focus. */
export const BulkRangeInputs = () => (
  <>
    <TicketNumberInput source="from" label="portal.bulk.from" validate={bulkRangeValidators.from} autoFocus />
    <TicketNumberInput
      source="to"
      label="portal.bulk.to"
      validate={bulkRangeValidators.to}
      helperText="portal.bulk.toOptional"
    />
  </>
);

/**
 * The form's submit button: Enter in any field presses it. It spins and is disabled while the form submits
 * or a run goes (`busy`), and is only disabled while a confirmation panel waits for an answer (`disabled`).
 */
export const SubmitButton = ({
  label,
  icon,
  busy,
  disabled = false,
}: {
  label: string;
  icon: ReactNode;
  busy: boolean;
  disabled?: boolean;
}) => {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  const working = busy || isSubmitting;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', pt: 1, pb: 2 }}>
      <Button
        type="submit"
        variant="contained"
        disabled={working || disabled}
        startIcon={working ? <CircularProgress size={18} color="inherit" aria-hidden /> : icon}
      >
        {translate(label)}
      </Button>
    </Box>
  );
};

interface ConfirmPanelProps {
  title: string;
  /** Still waiting for the check: a spinner instead of the content, and no Confirm. */
  checking?: boolean;
  confirmLabel: string;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

/**
 * The confirmation panel of the Update, Clear and Bulk Receive tabs: what the change will
 * do, then Confirm or Cancel. It takes the focus when its answer is there; Escape cancels.
 */
export const ConfirmPanel = ({
  title,
  checking = false,
  confirmLabel,
  confirmDisabled = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmPanelProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (checking) return;
    (confirmDisabled ? cancelRef : confirmRef).current?.focus();
  }, [checking, confirmDisabled]);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      aria-busy={checking}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
      sx={{ p: 2, mb: 2, borderColor: 'primary.main', borderWidth: 2 }}
    >
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 500, mb: 1 }}>
        {title}
      </Typography>
      {checking ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
          <CircularProgress size={20} />
          <Typography variant="body2">{translate('portal.bulk.checking')}</Typography>
        </Box>
      ) : (
        children
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button
          ref={confirmRef}
          variant="contained"
          onClick={onConfirm}
          disabled={checking || confirmDisabled}
        >
          {translate(confirmLabel)}
        </Button>
        <Button ref={cancelRef} onClick={onCancel}>
          {translate('portal.bulk.cancel')}
        </Button>
      </Box>
    </Paper>
  );
};

/** '1, 2, 3' or '1, 2, 3 and 12 more': a long list of ticket numbers cut short. */
export function useNumberList() {
  const translate = useTranslate();
  return (numbers: number[], shown = 30) => {
    const { text, more } = listNumbers(numbers, shown);
    return more > 0 ? translate('portal.bulk.more', { list: text, smart_count: more }) : text;
  };
}

/** Closes a confirmation panel as soon as the form changes: it was about the values checked. */
export const CancelOnChange = ({ onChange }: { onChange: () => void }) => {
  const { watch } = useFormContext();
  useEffect(() => {
    const subscription = watch(() => onChange());
    return () => subscription.unsubscribe();
  }, [watch, onChange]);
  return null;
};
