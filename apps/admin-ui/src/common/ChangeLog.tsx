import {
  Alert,
  alpha,
  Box,
  Card,
  CardContent,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Typography,
} from '@mui/material';
import type { ProjectLogEntry } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type Identifier, Loading, useTranslate } from 'react-admin';
import { formatDateTime } from '../i18n/dates';
import { type ChangedField, logEntryUser } from './change-log';
import { errorText } from './error-text';
import { ScreenCard } from './ScreenCard';
import { useNotifyLoadError } from './useNotifyLoadError';

/** What every log entry of the API has. */
interface ChangeLogEntry {
  id: Identifier;
  date: string;
}

/**
 * How a changed field stands out. `row`: in a heavier weight, and when unchanged fields are shown too, the
 * whole row on a light amber wash. `after`: its new value on the wash, in the heavier weight.
 */
type ChangeHighlight = 'row' | 'after';

const wash = (theme: Theme) => alpha(theme.palette.warning.main, 0.16);
const changedAfter = { backgroundColor: wash, fontWeight: 500 };

interface ChangeLogProps<Entry extends ChangeLogEntry> {
  /**
   * Where the screen's words are in the catalogue: `title`, `showUnchanged`, `empty`, `noChanges`,
   * `changesOf`, `field`, `before` and `after` under it, e.g. 'portal.tickets.log'.
   */
  messages: string;
  /** Where a field's label is in the catalogue, e.g. 'portal.tickets.fields'; the field's name otherwise. */
  fieldLabels: string;
  /** Names the log in the query cache, e.g. ['ticket', 12]. */
  logKey: readonly unknown[];
  /** Reads the log through its declared endpoint. */
  load: () => Promise<Entry[]>;
  /** Shown after the title, e.g. the record's reference. */
  titleSuffix?: string;
  /** Buttons after the 'show unchanged' switch. */
  actions?: ReactNode;
  /** The entry's fields before and after, and what its heading shows after the date. */
  describe: (entry: Entry) => { fields: ChangedField[]; summary: ReactNode };
  /** A value as people read it. */
  renderValue: (field: string, value: unknown) => ReactNode;
  highlight: ChangeHighlight;
  /** Fixed widths of the field, before and after columns, the same in every entry; the table's own otherwise. */
  columnWidths?: [string, string, string];
}

function ChangeLogEntryCard<Entry extends ChangeLogEntry>({
  entry,
  showUnchanged,
  props: { messages, fieldLabels, describe, renderValue, highlight, columnWidths },
}: {
  entry: Entry;
  showUnchanged: boolean;
  props: ChangeLogProps<Entry>;
}) {
  const translate = useTranslate();
  const { fields, summary } = describe(entry);
  const shown = showUnchanged ? fields : fields.filter((field) => field.changed);
  const when = formatDateTime(new Date(entry.date));
  const styles = ({ changed }: ChangedField) =>
    highlight === 'row'
      ? {
          row: changed && showUnchanged ? { backgroundColor: wash } : undefined,
          field: { fontWeight: changed ? 500 : undefined },
          after: { fontWeight: changed ? 500 : undefined },
        }
      : { row: undefined, field: undefined, after: changed ? changedAfter : undefined };
  return (
    <Card component="article" variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
            <time dateTime={entry.date}>{when}</time>
          </Typography>
          {summary}
        </Box>
        {shown.length === 0 ? (
          <Typography color="text.secondary">{translate(`${messages}.noChanges`)}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table
              size="small"
              sx={columnWidths && { tableLayout: 'fixed', minWidth: 480 }}
              aria-label={translate(`${messages}.changesOf`, { date: when })}
            >
              <TableHead>
                <TableRow>
                  {(['field', 'before', 'after'] as const).map((column, index) => (
                    <TableCell key={column} sx={columnWidths && { width: columnWidths[index] }}>
                      {translate(`${messages}.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((change) => {
                  const sx = styles(change);
                  return (
                    <TableRow key={change.field} sx={sx.row}>
                      <TableCell component="th" scope="row" sx={sx.field}>
                        {translate(`${fieldLabels}.${change.field}`, { _: change.field })}
                      </TableCell>
                      <TableCell>{renderValue(change.field, change.before)}</TableCell>
                      <TableCell sx={sx.after}>{renderValue(change.field, change.after)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Who made a change, as 'First Last (username)'; with no name, `anonymous` where the change had no user
 * (the driver's dispatch link), else the log's words for a user removed since.
 */
export const ChangeLogUser = ({
  entry,
  messages,
  anonymous,
}: {
  entry: ProjectLogEntry;
  messages: string;
  anonymous?: string;
}) => {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary">
      {logEntryUser(entry) || translate(anonymous ?? `${messages}.unknownUser`)}
    </Typography>
  );
};

/**
 * A record's change log: every change, newest first, each with when, who and each
 * changed field's value before and after. Unchanged fields can be shown too, with the changed ones highlighted.
 */
export function ChangeLog<Entry extends ChangeLogEntry>(props: ChangeLogProps<Entry>) {
  const { messages, logKey, load, titleSuffix, actions } = props;
  const translate = useTranslate();
  const [showUnchanged, setShowUnchanged] = useState(false);
  const {
    data: entries,
    isPending,
    error,
  } = useQuery({
    queryKey: ['change-log', ...logKey],
    queryFn: load,
  });
  useNotifyLoadError(error);

  return (
    <ScreenCard
      title={`${messages}.title`}
      titleSuffix={titleSuffix !== undefined && ` — ${titleSuffix}`}
      actions={
        <>
          <FormControlLabel
            control={
              <Switch checked={showUnchanged} onChange={(event) => setShowUnchanged(event.target.checked)} />
            }
            label={translate(`${messages}.showUnchanged`)}
          />
          {actions}
        </>
      }
    >
      {isPending ? (
        <Loading />
      ) : error ? (
        // The API client's messages may be catalogue keys ('portal.errors.unexpected').
        <Alert severity="error">{errorText(translate, error)}</Alert>
      ) : !entries || entries.length === 0 ? (
        <Typography>{translate(`${messages}.empty`)}</Typography>
      ) : (
        <Stack spacing={2}>
          {entries.map((entry) => (
            <ChangeLogEntryCard key={entry.id} entry={entry} showUnchanged={showUnchanged} props={props} />
          ))}
        </Stack>
      )}
    </ScreenCard>
  );
}
