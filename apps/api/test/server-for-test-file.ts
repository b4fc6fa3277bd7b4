import { afterAll, beforeAll } from 'vitest';

/**
 * A test server (an SMTP receiver, a SoilFLO stand-in) that lives as long as the test file: started before
 * its tests, so that a portal's `env` can name its address, and closed after them. The function returned
 * gives the server once it is started.
 */
export function serverForTestFile<Server extends { close(): Promise<void> }>(
  start: () => Promise<Server>,
): () => Server {
  let server: Server | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.close());
  return () => {
    if (!server) throw new Error('The test server is started before the tests: read it inside them');
    return server;
  };
}
