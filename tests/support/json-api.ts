/**
 * Calls the portal's API over HTTP as a browser test's setup does, with these headers (a user's
 * token): answers the JSON body, and throws with the status and body on anything but 2xx.
 */
export const jsonApi =
  (baseUrl: () => string, headers: () => Record<string, string>) =>
  async <T>(method: string, path: string, body?: object): Promise<T> => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { ...headers(), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
