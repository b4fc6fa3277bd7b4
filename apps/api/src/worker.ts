import { joiningProcessConfig } from './joining-process-config';
import { startServices } from './portal';
import { closeOnSignals } from './shutdown';
import { failStart } from './start-failure';

/**
 * `npm run worker`: a process that only runs the queue workers (and stands by for the projections
 * unless PROJECTIONS=off). Start as many as the load needs; a chunk is never processed twice. Without
 * DATABASE_URL it joins the embedded PostgreSQL that `npm start` runs from the same DATA_DIR.
 */
async function main(): Promise<void> {
  const config = joiningProcessConfig(process.env, '9462');
  const services = await startServices(config, { role: 'worker', workers: true });
  const health = services.healthUrl ? `; health and metrics at ${services.healthUrl}` : '';
  console.log(`Worker running (queues on ${config.redisUrl ? 'Redis' : 'PostgreSQL'})${health}`);

  closeOnSignals(
    (signal) => `${signal}: finishing running jobs, then stopping`,
    () => services.closeSteps,
  );
}

main().catch(failStart);
