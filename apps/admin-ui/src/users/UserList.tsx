import type { User } from '@portal/contract';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  type Identifier,
  SearchInput,
  SelectField,
  SimpleList,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { PhoneOrTable } from '../common/PhoneOrTable';
import { RecordList } from '../common/RecordList';
import { roleChoices } from './roles';

/** The API never returns a password; the list shows a fixed mask. */
const MaskedPassword = () => {
  const translate = useTranslate();
  return <>{translate('portal.users.maskedPassword')}</>;
};

const userFilters = [<SearchInput key="q" source="q" alwaysOn />];

const UserListActions = () => (
  <TopToolbar>
    <CreateButton to="/user/new" label="portal.users.add" />
  </TopToolbar>
);

const userPath = (id: Identifier) => `/user/${id}`;

/** Phones (991 px or less) get one line per user; delete is on the user's page there. */
const UserSimpleList = () => {
  const translate = useTranslate();
  const roleName = (roleId: number) => roleChoices.find((choice) => choice.id === roleId)?.name ?? '';
  return (
    <SimpleList<User>
      primaryText={(user) => user.username}
      secondaryText={(user) => `${user.firstName} ${user.lastName}`}
      tertiaryText={(user) => translate(roleName(user.roleId))}
      rowClick={userPath}
    />
  );
};

const UserDatagrid = () => (
  <Datagrid rowClick={userPath} bulkActionButtons={false}>
    <TextField source="id" />
    <TextField source="username" />
    <TextField source="firstName" />
    <TextField source="lastName" />
    <TextField source="phoneNumber" />
    <SelectField source="roleId" choices={roleChoices} />
    <FunctionField source="password" sortable={false} render={() => <MaskedPassword />} />
    <ConfirmDeleteButton />
  </Datagrid>
);

/** /users: every user, paged in the browser 50 at a time (options 50, 100, 150). */
export const UserList = () => (
  <RecordList
    resource="users"
    sort={{ field: 'id', order: 'ASC' }}
    filters={userFilters}
    debounce={100}
    actions={<UserListActions />}
  >
    <PhoneOrTable phone={<UserSimpleList />} table={<UserDatagrid />} />
  </RecordList>
);
