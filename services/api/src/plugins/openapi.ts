import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/** OpenAPI generated from the routes' TypeBox schemas: JSON at /api/docs/json, browsable at /api/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Haulage-ticket portal API', version: '1.0.0' },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            xAuthToken: { type: 'apiKey', in: 'header', name: 'X-auth-token' },
          },
        },
        security: [{ bearer: [] }, { xAuthToken: [] }],
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
