import { joiningProcessConfig } from './joining-process-config';
import { startServices } from './portal';
import { closeOnSignals } from './shutdown';
import { failStart } from './start-failure';

/**
 * `npm run projector`: a process that only projects events into the read models. Several may run: one
 * projects (it holds the projections' advisory lock), the others stand by and take over within a second
 * when it dies. Without DATABASE_URL it joins the embedded PostgreSQL that `npm start` runs.
 */
async function main(): Promise<void> {
  const config = { ...joiningProcessConfig(process.env, '9463'), runProjections: true };
  const services = await startServices(config, { role: 'projector', workers: false });
  const health = services.healthUrl ? `; health and metrics at ${services.healthUrl}` : '';
  const state = services.infra.projections.isOwner ? 'projecting' : 'standing by to take over';
  console.log(`Projector running (${state})${health}`);

  closeOnSignals(
    (signal) => `${signal}: finishing the batch in hand, then stopping`,
    () => services.closeSteps,
  );
}

main().catch(failStart);
