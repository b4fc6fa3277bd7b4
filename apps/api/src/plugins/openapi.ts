import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type Access, rolesOfAccess } from '@portal/contract';
import { roleName } from '@portal/domain';
import fp from 'fastify-plugin';
import { registerPublic } from './authentication';
import { docsPolicy } from './browser-security';

/** Who may call an operation, as its description's last line says it (docs/security.md, "Access control"). */
function accessLine(access: Access): string {
  if (access === 'public') return 'Access: public (no credentials).';
  if (access === 'scale-bridge') return "Access: a scale's bridge key only.";
  return `Access: ${rolesOfAccess[access].map((roleId) => roleName(roleId)).join(', ')}.`;
}

/** A route that takes an API key too: a user's token either way, or the key. */
const keyRouteSecurity: { [scheme: string]: string[] }[] = [
  { bearer: [] },
  { xAuthToken: [] },
  { apiKey: [] },
];

/**
 * OpenAPI generated from the routes' TypeBox schemas: JSON at /api/docs/json, browsable at /api/docs.
 * The reference is public (it describes the API and holds no data).
 */
export default fp<{ https: boolean }>(
  async (app, options) => {
    await app.register(swagger, {
      // Every operation says who may call it: `x-access`, `x-roles` (role ids), `x-key-scope` and its description's last lines.
      transform: ({ schema, url, route }) => {
        const access: Access = route.config?.access ?? 'user';
        const roles = access === 'public' || access === 'scale-bridge' ? [] : [...rolesOfAccess[access]];
        const keyScope = route.config?.endpoint?.keyScope;
        const keyLine = keyScope && `An API key with the scope \`${keyScope}\` may call it too.`;
        const description = [schema?.description, accessLine(access), keyLine].filter(Boolean).join('\n\n');
        const keyFields = keyScope ? { 'x-key-scope': keyScope, security: keyRouteSecurity } : {};
        return {
          schema: { ...schema, description, 'x-access': access, 'x-roles': roles, ...keyFields },
          url,
        };
      },
      openapi: {
        info: {
          title: 'Haulage-ticket portal API',
          version: '1.0.0',
          description:
            "Any call may answer 503 with `Retry-After: 1` and the spec's `An unexpected error occurred.` when the database ended its connection mid-request (a failover): a command's change is then whole or absent, never partial, and a read can be sent again at once.",
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            xAuthToken: { type: 'apiKey', in: 'header', name: 'X-auth-token' },
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              description:
                "`Bearer pk_…`: an API key (POST /api/api-key/new issues one), taken by its scopes' routes only",
            },
            scaleBridgeKey: {
              type: 'apiKey',
              in: 'header',
              name: 'Authorization',
              description: "`Bridge <key>`: a scale's bridge key (POST /api/scale/{id}/key issues one)",
            },
          },
        },
        security: [{ bearer: [] }, { xAuthToken: [] }],
      },
    });
    await registerPublic(app, async (scope) => {
      await scope.register(swaggerUi, {
        routePrefix: '/api/docs',
        staticCSP: true,
        transformStaticCSP: docsPolicy(options),
      });
    });
  },
  { name: 'openapi', dependencies: ['authentication'] },
);
