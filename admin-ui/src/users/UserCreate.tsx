import { Create } from 'react-admin';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { UserForm } from './UserForm';

/** /user/new */
export const UserCreate = () => {
  const onError = useNotifySaveError();
  return (
    <Create resource="users" mutationOptions={{ onError }} redirect="list">
      <UserForm mode="create" />
    </Create>
  );
};
