import { useEffect } from 'react';
import { LoadingPage } from 'react-admin';
import { clearToken } from '../session';

/** /logout: clears the stored token and reloads at the site root, dropping all cached data. */
export const LogoutPage = () => {
  useEffect(() => {
    clearToken();
    window.location.replace('/');
  }, []);
  return <LoadingPage loadingSecondary="portal.logout.signingOut" />;
};
