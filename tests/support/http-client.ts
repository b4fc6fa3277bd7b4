import { clientOf, type Endpoint, type InputOf, type Request, requestOf } from '@portal/contract';

/** Sends one request over HTTP to the portal at `baseUrl`, with these headers; answers the raw response. */
async function send(baseUrl: string, { method, url, body }: Request, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * The typed client over HTTP, as a browser test's setup calls the portal, with these headers (a user's
 * token): answers the JSON body (null for a 204), and throws with the status and body on anything but 2xx.
 */
export const clientOverHttp = (baseUrl: () => string, headers: () => Record<string, string>) =>
  clientOf(async (request) => {
    const response = await send(baseUrl(), request, headers());
    if (!response.ok)
      throw new Error(`${request.method} ${request.url}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  });

/** One declared call over HTTP, answered as the raw response: for a test that checks the status itself. */
export const requestOverHttp = <const E extends Endpoint>(
  baseUrl: string,
  declaration: E,
  input: InputOf<E>,
  headers?: Record<string, string>,
) => send(baseUrl, requestOf(declaration, input), headers);
