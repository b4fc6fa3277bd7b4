import type { BridgeKey } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { IssuedKeysCard, type KeyColumn } from '../common/IssuedKeysCard';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { call } from '../dataProvider/http-client';
import { displayInstant } from '../tickets/dashboard/dashboard-ticket';

const when = (instant: string | null) => (instant ? displayInstant(instant) : '—');

const columns: KeyColumn<BridgeKey>[] = [
  { heading: 'portal.scales.issuedAt', cell: (key) => when(key.createdAt) },
  { heading: 'portal.scales.lastUsedAt', cell: (key) => when(key.lastUsedAt) },
  { heading: 'portal.scales.revokedAt', cell: (key) => when(key.revokedAt) },
];

const words = {
  title: 'portal.scales.keysTitle',
  issueKey: 'portal.scales.issueKey',
  noKeys: 'portal.scales.noKeys',
  revoke: 'portal.scales.revoke',
  revokeTitle: 'portal.scales.revokeTitle',
  revokeContent: 'portal.scales.revokeContent',
  keyRevoked: 'portal.scales.keyRevoked',
  issuedTitle: 'portal.scales.issuedTitle',
  issuedExplained: 'portal.scales.issuedExplained',
};

/**
 * A scale's bridge keys: a new key is shown once, in a dialog, for the bridge's SCALE_BRIDGE_KEY (only
 * its hash is kept); a revoked key stops that bridge at its next report.
 */
export const BridgeKeys = ({ scaleId }: { scaleId: number }) => {
  const notify = useNotify();
  const keys = useQuery({
    queryKey: ['scale', 'keys', scaleId],
    queryFn: () => call(endpoints.getScaleByIdKeys, { params: { id: scaleId } }),
  });
  useNotifyLoadError(keys.error);
  const [issued, setIssued] = useState<string | null>(null);

  const issue = async () => {
    try {
      const answer = await call(endpoints.postScaleByIdKey, { params: { id: scaleId } });
      setIssued(answer.key);
      await keys.refetch();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <IssuedKeysCard
      words={words}
      keys={keys.data}
      columns={columns}
      onIssue={issue}
      revoke={async (key) => {
        await call(endpoints.postScaleByIdKeyByKeyIdRevoke, { params: { id: scaleId, keyId: key.id } });
        await keys.refetch();
      }}
      issued={issued}
      onIssuedClosed={() => setIssued(null)}
      keyLabel="SCALE_BRIDGE_KEY"
    />
  );
};
