import type { ReactNode } from 'react';
import { CanAccess, Loading, useAuthenticated } from 'react-admin';
import { AccessDeniedPage } from './AccessDeniedPage';

/**
 * Renders an administrators' screen (or one auditors share: authProvider's canAccess names whose), or the
 * refusal for anyone else, at the same address. The screen is not even mounted for a user it is not for, so
 * it makes no API call that would come back 403.
 */
export const AdminOnly = ({ resource, children }: { resource: string; children: ReactNode }) => {
  // An expired token goes to /login rather than to the refusal.
  useAuthenticated();
  return (
    <CanAccess resource={resource} action="list" loading={<Loading />} accessDenied={<AccessDeniedPage />}>
      {children}
    </CanAccess>
  );
};
