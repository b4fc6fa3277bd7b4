import { projectSortFields } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { serverPageQuery } from './server-pages';

const projects = { sortFields: projectSortFields, rows: 'projects' };

describe('serverPageQuery', () => {
  it('asks the server for the page, size and order the table shows', () => {
    expect(
      serverPageQuery(
        projects,
        {
          pagination: { page: 2, perPage: 100 },
          sort: { field: 'ticketsSold', order: 'DESC' },
          filter: { contractorCompanyId: 4 },
        },
        ['contractorCompanyId'],
      ),
    ).toBe('?page=2&perPage=100&sort=ticketsSold&order=DESC');
  });

  it('leaves to the browser what the server cannot page: every record, other columns, other filters', () => {
    const page = { page: 1, perPage: 50 };
    expect(
      serverPageQuery(projects, {
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).toBeNull();
    expect(
      serverPageQuery(projects, { pagination: page, sort: { field: 'notes', order: 'ASC' }, filter: {} }),
    ).toBeNull();
    expect(
      serverPageQuery(projects, {
        pagination: page,
        sort: { field: 'id', order: 'ASC' },
        filter: { q: 'pit' },
      }),
    ).toBeNull();
    expect(
      serverPageQuery(projects, { pagination: page, sort: { field: 'id', order: 'ASC' }, filter: { q: '' } }),
    ).toBe('?page=1&perPage=50&sort=id&order=ASC');
  });
});
