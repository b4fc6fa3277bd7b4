import { useNotify } from 'react-admin';

/**
 * Saves show the response body's message. react-admin stays silent on a 400 that carries
 * field errors (it only marks the fields), so forms pass this as `mutationOptions.onError` to toast it too.
 */
export function useNotifySaveError() {
  const notify = useNotify();
  return (error: unknown) => {
    const message = error instanceof Error && error.message ? error.message : 'portal.errors.unexpected';
    notify(message, { type: 'error', messageArgs: { _: message } });
  };
}
