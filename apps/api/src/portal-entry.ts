import { listenAddressFromEnv } from './config';
import { refuseUnusablePort } from './listen-ports';
import { failStart } from './start-failure';

/**
 * Runs the portal (`npm start`, `npm run api`) once its PORT is known free; else one line and exit 1.
 * The portal's modules load only after that check: loading them takes seconds on a busy machine.
 */
export function runPortalEntry(env: NodeJS.ProcessEnv): void {
  refuseUnusablePort(listenAddressFromEnv(env))
    .then(() => import('./run-portal'))
    .then(({ runPortal }) => runPortal(env))
    .catch(failStart);
}
