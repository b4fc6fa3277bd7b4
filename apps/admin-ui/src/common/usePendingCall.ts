import { useState } from 'react';
import { useNotify } from 'react-admin';

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

/** The same for a call that does not toast its own failure: its error's message is toasted here. */
export const useToastedPendingCall = () => {
  const notify = useNotify();
  const { pending, runPending } = usePendingCall();
  const runToasted = (call: () => Promise<void>) =>
    runPending(async () => {
      try {
        await call();
      } catch (error) {
        notify((error as Error).message, { type: 'error' });
      }
    });
  return { pending, runToasted };
};
