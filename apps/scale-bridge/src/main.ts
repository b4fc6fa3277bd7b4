/**
 * `npm run scale-bridge`: reads the weighbridge indicator on a serial port and posts its readings
 * to the portal. Settings come from the environment (docs/scale-bridge.md); a bad one prints one
 * line and exits with code 2.
 */
import { ConfigError, configFromEnv } from './config';
import { consoleLogger } from './log';
import { startScaleBridge } from './scale-bridge';

function configOrExit() {
  try {
    return configFromEnv(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`scale-bridge: ${error.message}`);
    process.exit(2);
  }
}

const config = configOrExit();
const bridge = await startScaleBridge(config).catch((error: unknown) => {
  // A metrics host that is no address of this machine, say: one line rather than a stack.
  console.error(`scale-bridge: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    consoleLogger.info(`${signal}: stopping`);
    bridge.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
