import { endpoints } from '@portal/contract';
import { call } from '../dataProvider/http-client';

/** The last verify and the newest seal: kept by the server, so the page shows them after a reload. */
export const auditStatusQuery = {
  queryKey: ['audit', 'status'],
  queryFn: () => call(endpoints.getAuditStatus, {}),
};

/** Every seal, newest first. */
export const auditSealsQuery = {
  queryKey: ['audit', 'seals'],
  queryFn: () => call(endpoints.getAuditSeals, {}),
};

/** What a new verify or seal changes on the page. */
export const auditQueryKey = ['audit'];
