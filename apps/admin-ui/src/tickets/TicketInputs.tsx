import { Box, TextField, Typography } from '@mui/material';
import { licensePlateMaxLength } from '@portal/domain';
import type { ComponentProps, ReactNode } from 'react';
import {
  type AutocompleteInputProps,
  type RaRecord,
  TextInput,
  type TextInputProps,
  useGetList,
  useGetManyReference,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DayInput } from '../common/DateInputs';
import { VirtualizedSelectInput } from '../common/VirtualizedSelectInput';
import { normalisePlateInput } from '../trucks/truck';

/**
 * A titled group of fields: one column on phones, two from 600 px (a tablet or a narrow window, up to the
 * spec's 991 px mobile layout, uses its width: issue 15, item 13), three on the spec's desktop (1440 px).
 */
export const TicketSection = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ width: '100%', mb: 1 }}>
      <Typography variant="h6" component="h2" sx={{ mt: 1, mb: 1 }}>
        {translate(title)}
      </Typography>
      <Box
        sx={(theme) => ({
          display: 'grid',
          gridTemplateColumns: '1fr',
          // Exclusive ranges: sx may write its media queries in another order than these keys.
          [`@media (min-width: 600px) and (max-width: ${theme.breakpoints.values.lg - 0.05}px)`]: {
            gridTemplateColumns: '1fr 1fr',
          },
          [theme.breakpoints.up('lg')]: { gridTemplateColumns: '1fr 1fr 1fr' },
          columnGap: 2,
          alignItems: 'start',
        })}
      >
        {children}
      </Box>
    </Box>
  );
};

/** The ticket's calendar day, kept as local midnight so that en-ZA shows the day that was picked. */
const localMidnight = (day: string) => new Date(`${day}T00:00:00`).toISOString();

export const TicketDayInput = (props: ComponentProps<typeof DayInput>) => (
  <DayInput toValue={localMidnight} {...props} />
);

/** The plate is upper-cased as typed and capped at 7 characters. */
export const PlateInput = (props: TextInputProps) => (
  <TextInput
    parse={normalisePlateInput}
    autoComplete="off"
    slotProps={{
      htmlInput: { maxLength: licensePlateMaxLength, spellCheck: false, autoCapitalize: 'characters' },
    }}
    {...props}
  />
);

/** A value the form shows but never sends (the ticket number, the receiving contact). */
export const ShownValue = ({ label, value }: { label: string; value: string }) => {
  const translate = useTranslate();
  return (
    // Plain text with its label, no field's box or underline: nothing here can be typed into (issue 15, item 13).
    <TextField
      variant="standard"
      label={translate(label)}
      value={value || translate('portal.tickets.noValue')}
      slotProps={{ input: { readOnly: true, disableUnderline: true } }}
    />
  );
};

/** A dropdown; read-only, the name the server joined in instead (e.g. contractorCompanyName), with no list call. */
export const ChoiceName = ({
  readOnly,
  source,
  nameSource,
  children,
}: {
  readOnly: boolean;
  source: string;
  nameSource: string;
  /** The dropdown, when editable. */
  children: ReactNode;
}) =>
  readOnly ? (
    <TextInput source={nameSource} label={`portal.tickets.fields.${source}`} readOnly helperText={false} />
  ) : (
    children
  );

/** The `/all` routes return every row; the dropdowns need all of them, not a page. */
export const everyRow = { page: 1, perPage: Number.MAX_SAFE_INTEGER };

type ChoiceInputProps = Omit<AutocompleteInputProps, 'choices' | 'source'> & { source: string };

/**
 * One whole reference list by name (e.g. GET /api/transportcompany/all), under the one query key every
 * dropdown of it shares: asked for early, it is in the cache when the dropdown mounts.
 */
export const useWholeList = (resource: string) =>
  useGetList<RaRecord>(resource, { pagination: everyRow, sort: { field: 'name', order: 'ASC' } });

/**
 * Asks for the ticket form's whole lists while the ticket page says 'Loading...' (the spec's second at
 * least), so they come in beside the ticket rather than after the form mounts (issue 34, item 10).
 */
export const TicketListsAhead = () => {
  useWholeList('contractorCompanies');
  useWholeList('transportCompanies');
  useWholeList('materialTypes');
  useWholeList('materials');
  return null;
};

/** A dropdown of one whole reference list (e.g. GET /api/transportcompany/all). */
export const ListChoiceInput = ({ resource, ...props }: ChoiceInputProps & { resource: string }) => {
  const { data, isPending } = useWholeList(resource);
  return <VirtualizedSelectInput choices={data ?? []} isPending={isPending} {...props} />;
};

/** The contractor dropdown: choosing another contractor empties `dependents`, the previous one's choices. */
export const ContractorInput = ({
  dependents,
  ...props
}: Omit<ChoiceInputProps, 'source'> & { dependents: string[] }) => {
  const { setValue } = useFormContext();
  return (
    <ListChoiceInput
      source="contractorCompanyId"
      resource="contractorCompanies"
      optionText="name"
      onChange={() => {
        for (const field of dependents) setValue(field, null, { shouldDirty: true });
      }}
      {...props}
    />
  );
};

/** A contact as its dropdowns show it: name and number. */
export const contactLabel = (contact: { name?: string; number?: string | null }) =>
  [contact.name, contact.number].filter(Boolean).join(' ');

/** A dropdown of the chosen contractor's records (contacts, projects); empty until a contractor is chosen. */
export const ContractorChoiceInput = ({
  resource,
  sortField,
  ...props
}: ChoiceInputProps & { resource: string; sortField: string }) => {
  const contractorCompanyId = Number(useWatch({ name: 'contractorCompanyId' }));
  const chosen = Number.isInteger(contractorCompanyId) && contractorCompanyId > 0;
  const { data, isPending } = useGetManyReference<RaRecord>(
    resource,
    {
      target: 'contractorCompanyId',
      id: chosen ? contractorCompanyId : 0,
      pagination: everyRow,
      sort: { field: sortField, order: 'ASC' },
    },
    { enabled: chosen },
  );
  return (
    <VirtualizedSelectInput
      choices={chosen ? (data ?? []) : []}
      isPending={chosen && isPending}
      disabled={!chosen}
      {...props}
    />
  );
};
