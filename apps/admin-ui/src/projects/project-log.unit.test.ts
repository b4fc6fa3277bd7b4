import type { ProjectLogEntry } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { logEntryUser } from '../common/change-log';
import { administratorLogEntry } from '../common/change-log-fixture';
import { compareLogEntry } from './project-log';

const entry = (overrides: Partial<ProjectLogEntry>): ProjectLogEntry => ({
  ...administratorLogEntry,
  ...overrides,
});

const project = {
  id: 7,
  version: 1,
  projectId: 'P-100',
  contractorCompanyId: 3,
  jobSite: '1 Main Road',
  siteContactId: null,
  notes: null,
  saltImpacted: false,
};

describe('the project log', () => {
  it('lines up before and after field by field, in form order, without the version', () => {
    const after = { ...project, version: 2, jobSite: '2 Side Street', saltImpacted: true };
    const { kind, fields } = compareLogEntry(
      entry({ currentDataObject: JSON.stringify(project), updatedDataObject: JSON.stringify(after) }),
    );
    expect(kind).toBe('updated');
    expect(fields.map((field) => field.field)).toEqual([
      'id',
      'projectId',
      'contractorCompanyId',
      'jobSite',
      'siteContactId',
      'saltImpacted',
      'notes',
    ]);
    expect(fields.filter((field) => field.changed)).toEqual([
      { field: 'jobSite', before: '1 Main Road', after: '2 Side Street', changed: true },
      { field: 'saltImpacted', before: false, after: true, changed: true },
    ]);
  });

  it('reads a creation (no before) and a deletion (no after)', () => {
    const created = compareLogEntry(entry({ updatedDataObject: JSON.stringify(project) }));
    expect(created.kind).toBe('created');
    // null before and null after is no change, even on creation.
    expect(created.fields.filter((field) => field.changed).map((field) => field.field)).toEqual([
      'id',
      'projectId',
      'contractorCompanyId',
      'jobSite',
      'saltImpacted',
    ]);
    const deleted = compareLogEntry(entry({ currentDataObject: JSON.stringify(project) }));
    expect(deleted.kind).toBe('deleted');
    expect(deleted.fields.find((field) => field.field === 'jobSite')).toEqual({
      field: 'jobSite',
      before: '1 Main Road',
      after: undefined,
      changed: true,
    });
  });

  it('puts fields it does not know after the known ones, alphabetically', () => {
    const { fields } = compareLogEntry(
      entry({ updatedDataObject: JSON.stringify({ zeta: 1, alpha: 2, projectId: 'P-1' }) }),
    );
    expect(fields.map((field) => field.field)).toEqual(['projectId', 'alpha', 'zeta']);
  });

  it('treats malformed JSON as no data rather than failing the page', () => {
    expect(compareLogEntry(entry({ currentDataObject: '{oops', updatedDataObject: '[1]' }))).toEqual({
      kind: 'created',
      fields: [],
    });
  });

  it("names the user as 'First Last (username)', with whatever parts are known", () => {
    expect(logEntryUser(entry({}))).toBe('Portal Administrator (admin@example.com)');
    expect(logEntryUser(entry({ firstName: null, lastName: null }))).toBe('admin@example.com');
    expect(logEntryUser(entry({ username: null }))).toBe('Portal Administrator');
    expect(logEntryUser(entry({ firstName: null, lastName: null, username: null }))).toBe('');
  });
});
