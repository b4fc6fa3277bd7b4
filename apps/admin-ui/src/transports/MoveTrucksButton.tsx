import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Button as MuiButton,
} from '@mui/material';
import { endpoints } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import {
  Button,
  Form,
  useGetList,
  useLogoutIfAccessDenied,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { VirtualizedSelectInput } from '../common/VirtualizedSelectInput';
import { requiredText } from '../common/validation';
import { call } from '../dataProvider/http-client';
import { everyRecord, type TransportCompany } from './transport';

// The dialog is rendered inside a table row: its clicks must not reach the row's own click (open the company).
const stopPropagation = (event: MouseEvent) => event.stopPropagation();

interface MoveTrucksDialogProps {
  company: TransportCompany;
  onClose: () => void;
}

const validateTarget = requiredText('portal.transports.moveTargetRequired');

/** Move trucks: choose the company that takes over every truck of this one. */
const MoveTrucksDialog = ({ company, onClose }: MoveTrucksDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const titleId = useId();
  const { data: companies = [], isPending } = useGetList<TransportCompany>('transportCompanies', {
    pagination: everyRecord,
    sort: { field: 'name', order: 'ASC' },
  });
  const otherCompanies = companies.filter((candidate) => candidate.id !== company.id);
  // Focused once mounted, not by autoFocus: a focus during React's commit reaches react-admin's input
  // handlers before they are ready ('Cannot call an event handler while rendering', issue 15, item 8).
  const targetInput = useRef<HTMLInputElement>(null);
  useEffect(() => targetInput.current?.focus(), []);

  const move = useMutation({
    mutationFn: (toTransportCompanyId: number) =>
      call(endpoints.postTruckMove, { body: { fromTransportCompanyId: company.id, toTransportCompanyId } }),
    onSuccess: ({ moved }, toTransportCompanyId) => {
      const target = otherCompanies.find((candidate) => candidate.id === toTransportCompanyId);
      notify('portal.transports.trucksMoved', {
        type: 'success',
        messageArgs: { smart_count: moved, name: target?.name ?? '' },
      });
      onClose();
      // Both companies' truck counts and truck tables change.
      refresh();
    },
    onError: async (error) => {
      if (await logoutIfAccessDenied(error)) return;
      notify('portal.transports.moveFailed', { type: 'error' });
    },
  });

  return (
    <Dialog
      open
      onClose={onClose}
      onClick={stopPropagation}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <Form onSubmit={(values: FieldValues) => move.mutate(Number(values.toTransportCompanyId))}>
        <DialogTitle id={titleId}>
          {translate('portal.transports.moveTrucksTitle', { name: company.name })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('portal.transports.moveTrucksIntro', { name: company.name })}
          </DialogContentText>
          <VirtualizedSelectInput
            source="toTransportCompanyId"
            label="portal.transports.targetCompany"
            choices={otherCompanies}
            optionText="name"
            isPending={isPending}
            validate={validateTarget}
            noOptionsText="portal.transports.noOtherCompanies"
            TextFieldProps={{ inputRef: targetInput }}
            // Opened by a click, a key or typing, so the refusal under the field stays in view after a submit.
            openOnFocus={false}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton type="submit" variant="contained" disabled={move.isPending}>
            {translate('portal.transports.move')}
          </MuiButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
};

/**
 * Opens the move-trucks dialog for the company in context: an icon in a /transports row, a labelled button in
 * the company page's toolbar.
 */
export const MoveTrucksButton = ({ iconOnly = false }: { iconOnly?: boolean }) => {
  const company = useRecordContext<TransportCompany>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!company) return null;
  const openDialog = (event: MouseEvent) => {
    // Rows are clickable; the action must not also open the company.
    event.stopPropagation();
    setOpen(true);
  };
  // A company without trucks has nothing to move.
  const disabled = company.truckCount === 0;
  const label = translate('portal.transports.moveTrucks');
  return (
    <>
      {iconOnly ? (
        <span data-tooltip={label}>
          <IconButton
            aria-label={label}
            color="primary"
            size="small"
            onClick={openDialog}
            disabled={disabled}
          >
            <SwapHorizIcon fontSize="small" />
          </IconButton>
        </span>
      ) : (
        <Button label="portal.transports.moveTrucks" onClick={openDialog} disabled={disabled}>
          <SwapHorizIcon />
        </Button>
      )}
      {open && <MoveTrucksDialog company={company} onClose={() => setOpen(false)} />}
    </>
  );
};
