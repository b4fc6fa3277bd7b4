import type { ComponentType, ReactNode } from 'react';
import { Create, type CreateProps, Edit, type EditProps } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useNotifySaveError } from './useNotifySaveError';

/** Every create screen of the portal: a refused save is reported. */
export const RecordCreate = (props: CreateProps) => {
  const onError = useNotifySaveError();
  return <Create mutationOptions={{ onError }} {...props} />;
};

/** Every edit screen of the portal: saves wait for the server, so its field errors land on the form. */
export const RecordEdit = (props: EditProps) => {
  const onError = useNotifySaveError();
  return <Edit mutationMode="pessimistic" mutationOptions={{ onError }} {...props} />;
};

interface CompanyRecordScreens {
  resource: string;
  /** The company's page, where Save returns. */
  companyPage: (companyId: string) => string;
  title: { create: string; edit: ReactNode };
  /** The record's form, for the company in the path. */
  Form: ComponentType<{ companyId: string; mode: 'create' | 'edit' }>;
}

/**
 * A company's contact, truck or project: added at …/new/…/{companyId}, edited at …/{id}/…/{companyId};
 * Save returns to the company page.
 */
export const companyRecordScreens = ({ resource, companyPage, title, Form }: CompanyRecordScreens) => ({
  create: () => {
    const { companyId } = useParams<'companyId'>();
    if (!companyId) return null;
    return (
      <RecordCreate resource={resource} title={title.create} redirect={companyPage(companyId)}>
        <Form companyId={companyId} mode="create" />
      </RecordCreate>
    );
  },
  edit: () => {
    const { id, companyId } = useParams<'id' | 'companyId'>();
    if (!id || !companyId) return null;
    return (
      <RecordEdit resource={resource} title={title.edit} id={id} redirect={companyPage(companyId)}>
        <Form companyId={companyId} mode="edit" />
      </RecordEdit>
    );
  },
});
