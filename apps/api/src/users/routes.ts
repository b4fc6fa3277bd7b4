import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema, IdParams, type User, UserBodySchema, UserSchema } from '@portal/contract';
import { DomainError, roleName, userMessages } from '@portal/domain';
import { findUserById, listUsers, type UserView } from '@portal/projections';
import { Type } from '@sinclair/typebox';
import { deleteUser, editUser, registerUser } from './commands';

const toResponse = (user: UserView): User => ({
  ...user,
  role: roleName(user.roleId) as User['role'],
});

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** The users' routes. Only administrators manage users. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const savedUser = async (id: number): Promise<User> => {
    const user = await findUserById(app.infra.db, id);
    if (!user) throw new DomainError('not_found', userMessages.notFound);
    return toResponse(user);
  };

  app.get(
    '/api/user/all',
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], response: { 200: Type.Array(UserSchema), ...errors } },
    },
    async () => (await listUsers(app.infra.db)).map(toResponse),
  );

  app.get(
    '/api/user/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], params: IdParams, response: { 200: UserSchema, ...errors } },
    },
    async (request) => savedUser(request.params.id),
  );

  app.post(
    '/api/user/new',
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], body: UserBodySchema, response: { 200: UserSchema, ...errors } },
    },
    async (request) => savedUser(await registerUser(app, request.body, request.currentUser.id)),
  );

  app.put(
    '/api/user/edit',
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], body: UserBodySchema, response: { 200: UserSchema, ...errors } },
    },
    async (request) => savedUser(await editUser(app, request.body, request.currentUser.id)),
  );

  app.delete(
    '/api/user/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], params: IdParams, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      await deleteUser(app, request.params.id, request.currentUser.id);
      return reply.status(204).send(null);
    },
  );
};
