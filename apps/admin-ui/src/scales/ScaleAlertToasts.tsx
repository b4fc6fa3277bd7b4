import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { formatDateTime } from '../i18n/dates';
import { useScaleAlerts } from './scale-lane-queries';

/** Which incidents this browser has shown, as 'out' or 'back': kept across reloads, so none shows twice. */
const shownKey = 'scale-alerts-shown';
type Shown = Record<string, 'out' | 'back'>;

/** Longer than the spec's 2 s for other toasts: a scale out stops the weighbridge. */
const alertShownMs = 10_000;

function readShown(): Shown {
  try {
    return JSON.parse(localStorage.getItem(shownKey) ?? '{}') as Shown;
  } catch {
    return {};
  }
}

/**
 * The toast news of each scale incident for whoever is signed in: once when the scale has been out for
 * the alert threshold (for 10 s, not the 2 s of other toasts), once when it is back. An incident that ended before this
 * browser saw it is not news. Renders nothing itself.
 */
export const ScaleAlertToasts = () => {
  const notify = useNotify();
  const { data } = useScaleAlerts();
  useEffect(() => {
    if (!data) return;
    const shown = readShown();
    // Only incidents the server still lists are remembered: the list stays as short as the server's.
    const next: Shown = {};
    for (const alert of data) {
      const id = String(alert.id);
      const since = formatDateTime(new Date(alert.since));
      if (alert.recoveredAt === null) {
        if (!shown[id])
          notify(`portal.scale.alerts.${alert.status}`, {
            type: 'error',
            autoHideDuration: alertShownMs,
            messageArgs: { name: alert.scaleName, since },
          });
        next[id] = 'out';
      } else {
        if (shown[id] === 'out')
          notify('portal.scale.alerts.back', { type: 'success', messageArgs: { name: alert.scaleName } });
        next[id] = 'back';
      }
    }
    localStorage.setItem(shownKey, JSON.stringify(next));
  }, [data, notify]);
  return null;
};
