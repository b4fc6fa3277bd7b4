import PeopleIcon from '@mui/icons-material/People';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

/** The users slice; edit and create are mounted on the spec's /user/{id} and /user/new (see App.tsx). */
export default { list: UserList, edit: UserEdit, create: UserCreate, icon: PeopleIcon };
