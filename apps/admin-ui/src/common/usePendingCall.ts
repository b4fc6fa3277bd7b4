import { useState } from 'react';

/**
 * A dialog's call to the server: `pending` while it runs, so its buttons wait. The call toasts its own
 * failure, so a failure only leaves the dialog as it was, for another try or Cancel.
 */
export const usePendingCall = () => {
  const [pending, setPending] = useState(false);
  const runPending = async (call: () => Promise<void>) => {
    setPending(true);
    try {
      await call();
    } catch {
      // Toasted by the call itself.
    } finally {
      setPending(false);
    }
  };
  return { pending, runPending };
};
