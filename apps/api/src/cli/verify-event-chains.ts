// `npm run verify`: walks every stream's hash chain in the event store, checks the seals, and prints the result as JSON;
// exits 1 at a break (the first one found, with its stream, position, reason and time), else 0.
import { verifyEventChains } from '@portal/event-store';
import { dataDirFromEnv, sealKeysFromEnv, secretsFromEnv } from '../config';
import { loadOrCreateSecrets } from '../data-dir-secrets';
import { runEventStoreTask } from './event-store-task';

await runEventStoreTask(async ({ pool }) => {
  if (process.env.EVENTSTORE_URL?.trim()) {
    console.error(
      'npm run verify reads the PostgreSQL event store; verifying EventStoreDB is not built yet.',
    );
    return 2;
  }
  const started = performance.now();
  const rate = (events: number) => Math.round(events / ((performance.now() - started) / 1000));
  let lastLine = started;
  // The seal keys the portal trusts: SEAL_KEY's or the data dir's, the data dir's old ones and SEAL_PUBLIC_KEYS.
  const secrets = secretsFromEnv(process.env, loadOrCreateSecrets(dataDirFromEnv(process.env)));
  const result = await verifyEventChains(pool, {
    sealKeys: sealKeysFromEnv(process.env, secrets).sealPublicKeys,
    onProgress: (checked) => {
      if (performance.now() - lastLine < 1000) return;
      lastLine = performance.now();
      console.error(
        `Verifying: ${checked.toLocaleString('en')} events so far (${rate(checked).toLocaleString('en')} events/s)`,
      );
    },
  });
  console.log(JSON.stringify(result, null, 2));
  console.error(
    `${result.ok ? 'Every chain holds' : 'A chain is broken'}: ${result.checkedEvents.toLocaleString('en')} events checked in ` +
      `${Math.round(performance.now() - started)} ms (${rate(result.checkedEvents).toLocaleString('en')} events/s).`,
  );
  return result.ok ? 0 : 1;
});
