import { RecordEdit } from '../common/RecordScreens';
import { UserForm } from './UserForm';

/** /user/{id}: the id comes from the route; saves wait for the server so its field errors land on the form. */
export const UserEdit = () => (
  <RecordEdit resource="users" redirect="list">
    <UserForm mode="edit" />
  </RecordEdit>
);
