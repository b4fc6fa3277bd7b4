import type { ReactNode } from 'react';
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

interface CompanyRecordProps {
  /** The company's page, where Save returns. */
  companyPage: (companyId: string) => string;
  /** The record's form, for the company in the path. */
  form: (companyId: string) => ReactNode;
}

/** A company's contact, truck or project, added at …/{companyId}. */
export const CompanyRecordCreate = ({
  companyPage,
  form,
  ...props
}: CompanyRecordProps & Omit<CreateProps, 'children' | 'redirect'>) => {
  const { companyId } = useParams<'companyId'>();
  if (!companyId) return null;
  return (
    <RecordCreate redirect={companyPage(companyId)} {...props}>
      {form(companyId)}
    </RecordCreate>
  );
};

/** A company's contact, truck or project, edited at …/{id}/…/{companyId}; `idParam` names the id's part. */
export const CompanyRecordEdit = ({
  idParam,
  companyPage,
  form,
  ...props
}: CompanyRecordProps & { idParam: string } & Omit<EditProps, 'children' | 'redirect' | 'id'>) => {
  const { [idParam]: id, companyId } = useParams();
  if (!id || !companyId) return null;
  return (
    <RecordEdit id={id} redirect={companyPage(companyId)} {...props}>
      {form(companyId)}
    </RecordEdit>
  );
};
