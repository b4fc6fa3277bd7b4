import { Type } from '@sinclair/typebox';
import { errorResponses } from '../http';
import { RunViewSchema } from '../runs';
import { endpoint } from './endpoint';

export const jobsEndpoints = {
  getJobById: endpoint({
    method: 'GET',
    path: '/api/job/:id',
    access: 'admin',
    tags: ['jobs'],
    summary: 'A bulk run (generate, bulk update/clear/receive, export, report) with its progress',
    params: Type.Object({ id: Type.String() }),
    response: { 200: RunViewSchema, ...errorResponses },
  }),
};
