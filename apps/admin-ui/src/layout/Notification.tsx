import { Notification } from 'react-admin';

/** Toasts close after 2 seconds and the toast container is 40% wide (full width on phones). */
export const PortalNotification = () => (
  <Notification
    autoHideDuration={2000}
    sx={(theme) => ({
      [theme.breakpoints.up('sm')]: { width: '40%' },
      '& .MuiSnackbarContent-root': { width: '100%', minWidth: 0 },
    })}
  />
);
