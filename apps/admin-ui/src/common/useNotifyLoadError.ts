import { useEffect } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';

/**
 * For pages that load through their own query rather than react-admin's hooks: a 401 or 403 ends the
 * session as anywhere else, and any other failure shows its original message. `quiet`: the
 * page says the failure itself (a list refreshing by itself every few seconds), so only the session ends.
 */
export function useNotifyLoadError(error: Error | null, { quiet = false } = {}) {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    if (!error) return;
    logoutIfAccessDenied(error).then((loggedOut) => {
      if (!loggedOut && !quiet)
        notify(error.message || 'portal.errors.unexpected', {
          type: 'error',
          messageArgs: { _: error.message },
        });
    });
  }, [error, quiet, logoutIfAccessDenied, notify]);
}
