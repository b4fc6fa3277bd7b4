import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Field name to (id to name), for the fields of a record that hold an id. */
export type ReferenceNames = Record<string, Map<string, string>>;

/**
 * A field's value as a log shows it: a dash for none, yes or no, the name of a record an id field refers to
 * (its id labelled as one when the name is unknown), otherwise the value itself. `messages` is where
 * `noValue` and `unnamedId` are in the catalogue.
 */
export const LogValue = ({
  field,
  value,
  names,
  messages,
}: {
  field: string;
  value: unknown;
  names?: ReferenceNames;
  messages: string;
}) => {
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') {
    return (
      <Typography component="span" color="text.secondary">
        {translate(`${messages}.noValue`)}
      </Typography>
    );
  }
  if (typeof value === 'boolean') return <>{translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}</>;
  const namesOfField = names?.[field];
  if (namesOfField)
    return (
      <>{namesOfField.get(String(value)) ?? translate(`${messages}.unnamedId`, { id: String(value) })}</>
    );
  return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
};
