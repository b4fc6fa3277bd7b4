import { runPortalEntry } from './portal-entry';

/**
 * `npm run api`: the HTTP API alone, for a deployment that runs `npm run projector` and `npm run worker`
 * beside it: no projections (commands wait on the projectors' checkpoints), no queue workers, no
 * simulated scale. Otherwise the same start as `npm start`; the environment can still turn parts on.
 */
runPortalEntry({ WORKERS: 'off', PROJECTIONS: 'off', SIMULATED_SCALE: 'off', ...process.env });
