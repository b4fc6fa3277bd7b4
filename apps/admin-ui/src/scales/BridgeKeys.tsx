import KeyIcon from '@mui/icons-material/Key';
import { Alert, Button, Card, CardContent, Stack, TableCell, TableRow, Typography } from '@mui/material';
import type { BridgeKey } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { LabelledTable } from '../common/LabelledTable';
import { ShownOnceDialog } from '../common/ShownOnceDialog';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { call } from '../dataProvider/http-client';
import { displayInstant } from '../tickets/dashboard/dashboard-ticket';

/**
 * A scale's bridge keys: a new key is shown once, in a dialog, for the bridge's SCALE_BRIDGE_KEY (only
 * its hash is kept); a revoked key stops that bridge at its next report.
 */
export const BridgeKeys = ({ scaleId }: { scaleId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const keys = useQuery({
    queryKey: ['scale', 'keys', scaleId],
    queryFn: () => call(endpoints.getScaleByIdKeys, { params: { id: scaleId } }),
  });
  useNotifyLoadError(keys.error);
  const [issued, setIssued] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<BridgeKey | null>(null);

  const issue = async () => {
    try {
      const answer = await call(endpoints.postScaleByIdKey, { params: { id: scaleId } });
      setIssued(answer.key);
      await keys.refetch();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const revoke = async (key: BridgeKey) => {
    setRevoking(null);
    try {
      await call(endpoints.postScaleByIdKeyByKeyIdRevoke, { params: { id: scaleId, keyId: key.id } });
      notify('portal.scales.keyRevoked', { type: 'success' });
      await keys.refetch();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const when = (instant: string | null) => (instant ? displayInstant(instant) : '—');

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Stack
          direction="row"
          useFlexGap
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}
        >
          <Typography variant="h6" component="h2">
            {translate('portal.scales.keysTitle')}
          </Typography>
          <Button variant="contained" startIcon={<KeyIcon />} onClick={issue}>
            {translate('portal.scales.issueKey')}
          </Button>
        </Stack>
        {keys.data?.length === 0 && <Alert severity="info">{translate('portal.scales.noKeys')}</Alert>}
        {!!keys.data?.length && (
          <LabelledTable
            label="portal.scales.keysTitle"
            columns={[
              { label: 'portal.scales.issuedAt' },
              { label: 'portal.scales.lastUsedAt' },
              { label: 'portal.scales.revokedAt' },
              {},
            ]}
          >
            {keys.data.map((key) => (
              <TableRow key={key.id}>
                <TableCell>{when(key.createdAt)}</TableCell>
                <TableCell>{when(key.lastUsedAt)}</TableCell>
                <TableCell>{when(key.revokedAt)}</TableCell>
                <TableCell align="right">
                  {key.revokedAt === null && (
                    <Button color="error" onClick={() => setRevoking(key)}>
                      {translate('portal.scales.revoke')}
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
        title="portal.scales.revokeTitle"
        content="portal.scales.revokeContent"
        onConfirm={() => revoking && revoke(revoking)}
        onClose={() => setRevoking(null)}
      />
      <ShownOnceDialog
        value={issued}
        label="SCALE_BRIDGE_KEY"
        words={{
          title: 'portal.scales.issuedTitle',
          explained: 'portal.scales.issuedExplained',
          copy: 'portal.scales.copy',
          copied: 'portal.scales.copied',
          copyFailed: 'portal.scales.copyFailed',
          done: 'portal.scales.done',
        }}
        onClose={() => setIssued(null)}
      />
    </Card>
  );
};
