import { toUserPayload } from '../users/user';

/**
 * Where each react-admin resource lives in the spec's API (section 7). Every entity follows one pattern:
 * GET `{base}/all`, GET and DELETE `{base}/{id}`, POST `{base}/new`, PUT `{base}/edit` (with id and version).
 */
export interface ResourceRoutes {
  base: string;
  /** The body of a save: only the fields the API takes, normalised (trimmed text, null for no phone). */
  toPayload: (data: Record<string, unknown>) => Record<string, unknown>;
  /** Spec section 8: a 401 on the user list call does not send the user to /login. */
  listKeepsSessionOnUnauthorized?: boolean;
  /**
   * The list call when it is not GET `{base}/all`: e.g. POST /api/contractorcontact/all with
   * {contractorCompanyId}. `filter` holds getManyReference's target (e.g. {contractorCompanyId: 4}).
   */
  listRequest?: (filter: Record<string, unknown>) => { path: string; method: 'GET' | 'POST'; body?: unknown };
  /** Picks the records out of a list answer that is not a bare array (e.g. {contractorCompanies: [...]}). */
  unwrapList?: (json: unknown) => RaRecordLike[];
  /** Wraps a save's payload in the envelope the API expects (e.g. {contractorCompanyId, contractorContact}). */
  envelope?: (payload: Record<string, unknown>) => Record<string, unknown>;
}

export type RaRecordLike = { id: number | string } & Record<string, unknown>;

export const resourceRoutes: Record<string, ResourceRoutes> = {
  users: { base: '/api/user', toPayload: toUserPayload, listKeepsSessionOnUnauthorized: true },
};
