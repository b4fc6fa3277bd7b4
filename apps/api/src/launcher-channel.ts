import type { CommandHost } from './plugins/infrastructure';
import { provisionSimulatedScale, simulatedScaleName } from './scales/simulated-scale-provisioning';
import type { ShutdownStep } from './shutdown';

/**
 * The portal's side of the IPC channel `npm start`'s launcher (scripts/start.mjs) opens to it. The
 * launcher runs the simulated weighbridge beside the portal: the portal asks it to start one with a key
 * it issued, and to stop it as the first step of a shutdown.
 */
type ToLauncher =
  | { type: 'start-simulated-scale'; portalUrl: string; bridgeKey: string; scaleName: string }
  | { type: 'stop-simulated-scale' };
type FromLauncher = {
  type: 'simulated-scale-started' | 'simulated-scale-failed' | 'simulated-scale-stopped';
};

/** Long enough for a loaded machine to start a Node.js process with tsx, a socat pair and a bridge. */
const startLimitMs = 20_000;

export const underLauncher = (): boolean => process.send !== undefined && process.connected;

function ask(message: ToLauncher, answers: FromLauncher['type'][], limitMs: number): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish('no answer'), limitMs);
    const onMessage = (answer: FromLauncher) => {
      if (answers.includes(answer?.type)) finish(answer.type);
    };
    const finish = (outcome: string) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(outcome);
    };
    process.on('message', onMessage);
    process.send?.(message);
  });
}

/**
 * Has the launcher start the simulated weighbridge for the scale 'Simulated scale' (created on first
 * use); the weighbridge says in a line of its own whether it started. Resolves with the shutdown step
 * that stops it, or null when it did not start.
 */
export async function startSimulatedScaleBesidePortal(
  host: CommandHost,
  portalUrl: string,
): Promise<ShutdownStep | null> {
  const { bridgeKey } = await provisionSimulatedScale(host);
  const outcome = await ask(
    { type: 'start-simulated-scale', portalUrl, bridgeKey, scaleName: simulatedScaleName },
    ['simulated-scale-started', 'simulated-scale-failed'],
    startLimitMs,
  );
  if (outcome === 'no answer')
    console.warn('The simulated scale did not say it started: going on without it.');
  if (outcome !== 'simulated-scale-started') return null;
  return {
    what: 'the simulated scale',
    limitMs: 700,
    async run() {
      if (underLauncher()) await ask({ type: 'stop-simulated-scale' }, ['simulated-scale-stopped'], 700);
    },
  };
}
