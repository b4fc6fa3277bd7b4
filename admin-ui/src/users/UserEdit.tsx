import { Edit } from 'react-admin';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { UserForm } from './UserForm';

/** /user/{id}: the id comes from the route; saves wait for the server so its field errors land on the form. */
export const UserEdit = () => {
  const onError = useNotifySaveError();
  return (
    <Edit resource="users" mutationMode="pessimistic" mutationOptions={{ onError }} redirect="list">
      <UserForm mode="edit" />
    </Edit>
  );
};
