/** Where the bridge says what it does; the portal's embedded mode passes its own. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(`scale-bridge: ${message}`),
  warn: (message) => console.warn(`scale-bridge: ${message}`),
};
