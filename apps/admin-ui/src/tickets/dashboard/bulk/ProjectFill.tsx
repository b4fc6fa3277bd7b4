import type { Project } from '@portal/contract';
import { useEffect } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { projectFill } from './bulk-forms';

/**
 * Fills the Update tab from the project chosen (issue 15, item 9); a project that cannot be read leaves
 * the fields as they are and says so.
 */
export const ProjectFill = () => {
  const projectId = useWatch({ name: 'projectId' });
  const { setValue } = useFormContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  useEffect(() => {
    const id = Number(projectId);
    if (!Number.isInteger(id) || id < 1) return;
    let current = true;
    dataProvider
      .getOne<Project & { id: number }>('projects', { id })
      .then(({ data }) => {
        if (!current) return;
        for (const [field, value] of Object.entries(projectFill(data)))
          setValue(field, value, { shouldDirty: true });
      })
      .catch(() => notify('portal.bulk.update.projectFillFailed', { type: 'warning' }));
    return () => {
      current = false;
    };
  }, [projectId, dataProvider, setValue, notify]);
  return null;
};
