import { Type } from '@sinclair/typebox';
import { ErrorSchema, IdParams } from '../http';
import { UserBodySchema, UserSchema } from '../users';
import { endpoint } from './endpoint';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

export const usersEndpoints = {
  getUserAll: endpoint({
    method: 'GET',
    path: '/api/user/all',
    access: 'admin',
    tags: ['users'],
    response: { 200: Type.Array(UserSchema), ...errors },
    summary: 'Every user, passwords masked',
  }),
  getUserById: endpoint({
    method: 'GET',
    path: '/api/user/:id',
    access: 'admin',
    tags: ['users'],
    params: IdParams,
    response: { 200: UserSchema, ...errors },
    summary: 'One user, password masked',
  }),
  postUserNew: endpoint({
    method: 'POST',
    path: '/api/user/new',
    access: 'admin',
    tags: ['users'],
    body: UserBodySchema,
    response: { 200: UserSchema, ...errors },
    summary: 'Creates a user',
  }),
  putUserEdit: endpoint({
    method: 'PUT',
    path: '/api/user/edit',
    access: 'admin',
    tags: ['users'],
    body: UserBodySchema,
    response: { 200: UserSchema, ...errors },
    summary: 'Saves a user (a password or role change ends their sessions)',
  }),
  deleteUserById: endpoint({
    method: 'DELETE',
    path: '/api/user/:id',
    access: 'admin',
    tags: ['users'],
    params: IdParams,
    response: { 204: Type.Null(), ...errors },
    summary: 'Deletes a user',
  }),
};
