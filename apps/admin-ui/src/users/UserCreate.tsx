import { RecordCreate } from '../common/RecordScreens';
import { UserForm } from './UserForm';

/** /user/new */
export const UserCreate = () => (
  <RecordCreate resource="users" redirect="list">
    <UserForm mode="create" />
  </RecordCreate>
);
