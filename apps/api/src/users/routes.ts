import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type User } from '@portal/contract';
import { DomainError, roleName, userMessages } from '@portal/domain';
import { findUserById, listUsers, type UserView } from '@portal/projections';
import { route } from '../route';
import { deleteUser, editUser, registerUser } from './commands';

const toResponse = (user: UserView): User => ({
  ...user,
  role: roleName(user.roleId),
});

/** The users' routes. Only administrators manage users. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const savedUser = async (id: number): Promise<User> => {
    const user = await findUserById(app.infra.db, id);
    if (!user) throw new DomainError('not_found', userMessages.notFound);
    return toResponse(user);
  };

  route(app, endpoints.getUserAll, async () => (await listUsers(app.infra.db)).map(toResponse));

  route(app, endpoints.getUserById, async (request) => savedUser(request.params.id));

  route(app, endpoints.postUserNew, async (request) =>
    savedUser(await registerUser(app, request.body, request.currentUser.id)),
  );

  route(app, endpoints.putUserEdit, async (request) =>
    savedUser(await editUser(app, request.body, request.currentUser.id)),
  );

  route(app, endpoints.deleteUserById, async (request, reply) => {
    await deleteUser(app, request.params.id, request.currentUser.id);
    return reply.status(204).send(null);
  });
};
