import { describe, expect, it } from 'vitest';
import { invalidField, refusal } from '../../test/refusal';
import { projectMessages, projects, validateProject } from './project';

const project = {
  projectId: ' P-100 ',
  contractorCompanyId: 2,
  jobSite: ' 1 Main St ',
  siteContactId: 5,
  officeContactId: 6,
  materialTypeId: 0,
  isSoilFLOProject: false,
  approved: '1500.5',
  overThreshold: true,
  saltImpacted: 'true',
  notes: '  ',
};

describe('project validation', () => {
  it('keeps a valid project: trimmed text, ids or null, numbers and flags', () => {
    expect(validateProject(project)).toEqual({
      projectId: 'P-100',
      contractorCompanyId: 2,
      jobSite: '1 Main St',
      siteContactId: 5,
      officeContactId: 6,
      materialTypeId: null,
      isSoilFLOProject: false,
      approved: 1500.5,
      overThreshold: true,
      saltImpacted: true,
      notes: null,
    });
  });

  it('defaults approved to 0 and flags to false', () => {
    expect(validateProject({ projectId: 'P', contractorCompanyId: 1, jobSite: 'S' })).toMatchObject({
      approved: 0,
      isSoilFLOProject: false,
      overThreshold: false,
      saltImpacted: false,
      siteContactId: null,
      officeContactId: null,
      notes: null,
    });
  });

  it.each([
    [{ projectId: '' }, 'projectId', 'Project ID is required'],
    [{ projectId: '   ' }, 'projectId', 'Project ID is required'],
    [{ jobSite: '' }, 'jobSite', 'Job site is required'],
    [{ jobSite: null }, 'jobSite', 'Job site is required'],
    // Nothing sent is 'Contractor is required'; "none" (a number below 1) is 'Please select a contractor'.
    [{ contractorCompanyId: '' }, 'contractorCompanyId', 'Contractor is required'],
    [{ contractorCompanyId: null }, 'contractorCompanyId', 'Contractor is required'],
    [{ contractorCompanyId: undefined }, 'contractorCompanyId', 'Contractor is required'],
    [{ contractorCompanyId: 0 }, 'contractorCompanyId', 'Please select a contractor'],
    [{ contractorCompanyId: -3 }, 'contractorCompanyId', 'Please select a contractor'],
    [{ approved: -1 }, 'approved', 'Approved must be a number of 0 or more'],
    [{ approved: 'lots' }, 'approved', 'Approved must be a number of 0 or more'],
  ])('refuses %o on %s with %s', (change, field, message) => {
    expect(refusal(() => validateProject({ ...project, ...change }))).toEqual(invalidField(field, message));
  });

  it('reports every field at once', () => {
    expect(refusal(() => validateProject({})).errors).toEqual({
      projectId: 'Project ID is required',
      contractorCompanyId: 'Contractor is required',
      jobSite: 'Job site is required',
    });
  });

  it('exports the spec messages word for word', () => {
    expect(projectMessages).toMatchObject({
      projectIdRequired: 'Project ID is required',
      jobSiteRequired: 'Job site is required',
      contractorRequired: 'Contractor is required',
      contractorNotSelected: 'Please select a contractor',
    });
    expect(projects.streamId(9)).toBe('project-9');
    expect(projects.notFoundMessage).toBe('Project not found.');
  });
});

describe('a project going over its threshold', () => {
  const record = { id: 7, ...validateProject({ ...project, overThreshold: false }) };
  const over = { ...record, overThreshold: true };
  const wentOver = { type: 'ProjectWentOverThreshold', data: { id: 7 } };
  const absent = projects.initialState;
  const saved = (data: typeof record) => projects.evolve(absent, { type: 'ProjectCreated', data });

  it('is told after a registration with the flag, and after an edit from false to true', () => {
    expect(projects.decide({ type: 'Create', record: over }, absent)).toEqual([
      { type: 'ProjectCreated', data: over },
      wentOver,
    ]);
    expect(projects.decide({ type: 'Update', record: over }, saved(record))).toEqual([
      { type: 'ProjectUpdated', data: over },
      wentOver,
    ]);
  });

  it('is not told when the flag stays true, stays false or is cleared', () => {
    expect(projects.decide({ type: 'Update', record: { ...over, notes: 'n' } }, saved(over))).toEqual([
      { type: 'ProjectUpdated', data: { ...over, notes: 'n' } },
    ]);
    expect(projects.decide({ type: 'Create', record }, absent)).toEqual([
      { type: 'ProjectCreated', data: record },
    ]);
    expect(projects.decide({ type: 'Update', record }, saved(over))).toEqual([
      { type: 'ProjectUpdated', data: record },
    ]);
  });

  it('changes no state', () => {
    const state = saved(over);
    expect(projects.evolve(state, wentOver as never)).toBe(state);
  });
});
