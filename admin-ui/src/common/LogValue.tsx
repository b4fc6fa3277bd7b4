import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Field name to (id to name), for the fields of a record that hold an id. */
export type ReferenceNames = Record<string, Map<string, string>>;

/**
 * A field's value as a log shows it: a dash for none, yes or no, a name beside its id where one is known,
 * otherwise the value itself. `messages` is where `noValue` and `namedId` are in the catalogue.
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
  const name = names?.[field]?.get(String(value));
  if (name) return <>{translate(`${messages}.namedId`, { name, id: String(value) })}</>;
  return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
};
