// `npm run verify`: walks every stream's hash chain in the event store, checks the seals, rebuilds the read models
// into a scratch schema and compares them with the live ones, and prints the result as JSON; exits 1 at a break
// (the first one found, with its stream, position, reason and time) or a read model that differs, else 0.
import { verifyEventChains } from '@portal/event-store';
import { allProjections, compareReadModels } from '@portal/projections';
import { dataDirFromEnv, sealKeysFromEnv, secretsFromEnv } from '../config';
import { loadOrCreateSecrets } from '../data-dir-secrets';
import { eventProgress } from './event-progress';
import { runEventStoreTask } from './event-store-task';

await runEventStoreTask(async ({ pool, eventStore }) => {
  if (process.env.EVENTSTORE_URL?.trim()) {
    console.error(
      'npm run verify reads the PostgreSQL event store; verifying EventStoreDB is not built yet.',
    );
    return 2;
  }
  const progress = eventProgress('Verifying');
  // The seal keys the portal trusts: SEAL_KEY's or the data dir's, the data dir's old ones and SEAL_PUBLIC_KEYS.
  const secrets = secretsFromEnv(process.env, loadOrCreateSecrets(dataDirFromEnv(process.env)));
  const result = await verifyEventChains(pool, {
    sealKeys: sealKeysFromEnv(process.env, secrets).sealPublicKeys,
    onProgress: progress.onProgress,
  });
  console.error(
    `${result.ok ? 'Every chain holds' : 'A chain is broken'}: ${result.checkedEvents.toLocaleString('en')} events checked in ` +
      `${progress.took(result.checkedEvents)}.`,
  );
  // A database the portal never projected into (no read models) has nothing to compare.
  const { rows } = await pool.query<{ present: boolean }>(
    "SELECT to_regclass('projection_checkpoint') IS NOT NULL AS present",
  );
  if (!rows[0]?.present) {
    console.log(JSON.stringify(result, null, 2));
    console.error('No read models in this database: only the chains were checked.');
    return result.ok ? 0 : 1;
  }
  const readModels = await compareReadModels({ pool, eventStore, projections: allProjections });
  console.log(JSON.stringify({ ...result, readModels }, null, 2));
  console.error(
    readModels.ok
      ? `Every read model equals its rebuild from the events (${readModels.tablesCompared} tables).`
      : `Read models differ from their rebuild: ${readModels.mismatches.map((m) => m.table).join(', ')}.`,
  );
  return result.ok && readModels.ok ? 0 : 1;
});
