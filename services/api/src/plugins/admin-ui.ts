import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** Serves the built react-admin app (the not-found handler falls back to its index.html). */
export default fp<{ root: string }>(
  async (app, options) => {
    await app.register(fastifyStatic, { root: options.root, wildcard: false });
  },
  { name: 'admin-ui' },
);
