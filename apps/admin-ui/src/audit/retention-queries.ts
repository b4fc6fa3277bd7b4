import { endpoints } from '@portal/contract';
import { call } from '../dataProvider/http-client';

/** The retention period, what a run would do now, and the legal holds: what a change here refreshes. */
export const retentionQueryKey = ['retention'];

export const retentionPolicyQuery = {
  queryKey: [...retentionQueryKey, 'policy'],
  queryFn: () => call(endpoints.getRetentionPolicy, {}),
};

export const retentionStatusQuery = {
  queryKey: [...retentionQueryKey, 'status'],
  queryFn: () => call(endpoints.getRetentionStatus, {}),
};

export const legalHoldsQuery = {
  queryKey: [...retentionQueryKey, 'holds'],
  queryFn: () => call(endpoints.getLegalHoldAll, {}),
};
