import KeyIcon from '@mui/icons-material/Key';
import { Alert, Button, Card, CardContent, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { LabelledTable } from './LabelledTable';
import { ShownOnceDialog } from './ShownOnceDialog';

/** One column of the keys' table: its heading (a message key) and each key's cell. */
export interface KeyColumn<Key> {
  heading: string;
  cell: (key: Key) => ReactNode;
}

/** The words of one kind of key (message keys), e.g. a scale's bridge keys or the API keys. */
interface KeysWords {
  title: string;
  issueKey: string;
  noKeys: string;
  revoke: string;
  revokeTitle: string;
  revokeContent: string;
  keyRevoked: string;
  issuedTitle: string;
  issuedExplained: string;
}

/**
 * Keys machines present (a scale bridge's, the API keys): a button to issue one, a table of the keys issued
 * (never the keys themselves), a revoke button for each key still valid, confirmed first, and the key just
 * issued (`issued`), shown once in a dialog. A form that asks for a new key comes as `children`.
 */
export function IssuedKeysCard<Key extends { id: string; revokedAt: string | null }>({
  words,
  intro,
  keys,
  columns,
  onIssue,
  revoke,
  issued,
  onIssuedClosed,
  keyLabel,
  children,
}: {
  words: KeysWords;
  intro?: string;
  keys: readonly Key[] | undefined;
  columns: readonly KeyColumn<Key>[];
  onIssue: () => void;
  /** Revokes the key and reads the list again. */
  revoke: (key: Key) => Promise<unknown>;
  issued: string | null;
  onIssuedClosed: () => void;
  keyLabel: string;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [revoking, setRevoking] = useState<Key | null>(null);
  const confirmRevoke = async (key: Key) => {
    setRevoking(null);
    try {
      await revoke(key);
      notify(words.keyRevoked, { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Stack
          direction="row"
          useFlexGap
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}
        >
          <Typography variant="h6" component="h2">
            {translate(words.title)}
          </Typography>
          <Button variant="contained" startIcon={<KeyIcon />} onClick={onIssue}>
            {translate(words.issueKey)}
          </Button>
        </Stack>
        {intro && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate(intro)}
          </Typography>
        )}
        {keys?.length === 0 && <Alert severity="info">{translate(words.noKeys)}</Alert>}
        {!!keys?.length && (
          <LabelledTable
            label={words.title}
            columns={[...columns.map((column) => ({ label: column.heading })), {}]}
          >
            {keys.map((key) => (
              <TableRow key={key.id}>
                {columns.map((column) => (
                  <TableCell key={column.heading}>{column.cell(key)}</TableCell>
                ))}
                <TableCell align="right">
                  {key.revokedAt === null && (
                    <Button color="error" onClick={() => setRevoking(key)}>
                      {translate(words.revoke)}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </LabelledTable>
        )}
      </CardContent>
      <Confirm
        isOpen={revoking !== null}
        title={words.revokeTitle}
        content={words.revokeContent}
        onConfirm={() => revoking && confirmRevoke(revoking)}
        onClose={() => setRevoking(null)}
      />
      <ShownOnceDialog
        value={issued}
        label={keyLabel}
        words={{
          title: words.issuedTitle,
          explained: words.issuedExplained,
          copy: 'portal.keys.copy',
          copied: 'portal.keys.copied',
          copyFailed: 'portal.keys.copyFailed',
          done: 'portal.keys.done',
        }}
        onClose={onIssuedClosed}
      />
      {children}
    </Card>
  );
}
