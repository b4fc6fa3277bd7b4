import { Nullable, OneOf } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';
import { keyScopes } from './endpoints/endpoint';

const Instant = Type.String({ format: 'date-time' });

/** An API key as the API answers it: never the key, never its hash. */
export const ApiKeySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    scopes: Type.Array(OneOf(keyScopes)),
    createdAt: Instant,
    createdByUserId: Nullable(Type.Integer()),
    expiresAt: Instant,
    lastUsedAt: Nullable(
      Type.String({ format: 'date-time', description: 'To the minute: refreshed at most once a minute' }),
    ),
    revokedAt: Nullable(Instant),
  },
  { $id: 'ApiKey' },
);
export type ApiKey = Static<typeof ApiKeySchema>;

export const NewApiKeyBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Array(OneOf(keyScopes), { minItems: 1, uniqueItems: true }),
    expiresAt: Type.String({
      format: 'date-time',
      description: 'In the future; the key is refused from then on',
    }),
  },
  { additionalProperties: false },
);
export type NewApiKeyBody = Static<typeof NewApiKeyBodySchema>;

export const apiKeyMessages = {
  expiryInPast: 'The expiry must be in the future.',
  notFound: 'API key not found.',
  invalidCursor: 'The feed cursor is not valid.',
} as const;
