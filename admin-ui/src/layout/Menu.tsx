import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EngineeringIcon from '@mui/icons-material/Engineering';
import LayersIcon from '@mui/icons-material/Layers';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import LogoutIcon from '@mui/icons-material/Logout';
import ScaleIcon from '@mui/icons-material/Scale';
import { ListItemIcon, MenuItem, Typography } from '@mui/material';
import { Role } from '@portal/domain';
import { Menu, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import outbox from '../mail';
import settings from '../settings';
import users from '../users';

/** The signed-in user's name, last in the drawer (spec section 2); information, not a link. */
const SignedInUser = () => {
  const { data: identity } = useGetIdentity();
  const translate = useTranslate();
  if (!identity?.fullName) return null;
  return (
    <MenuItem
      disabled
      aria-label={translate('portal.menu.signedInAs', { name: identity.fullName })}
      sx={{ '&.Mui-disabled': { opacity: 1 } }}
    >
      <ListItemIcon>
        <AccountCircleIcon />
      </ListItemIcon>
      <Typography variant="inherit" noWrap>
        {identity.fullName}
      </Typography>
    </MenuItem>
  );
};

/** Spec section 2, Side drawer: Dashboard, Scale, the administrators' screens, Logout and the user's name. */
export const PortalMenu = () => {
  const { permissions } = usePermissions();
  const isAdministrator = permissions === Role.Administrator;
  return (
    <Menu>
      <Menu.Item to="/dashboard" primaryText="portal.menu.dashboard" leftIcon={<DashboardIcon />} />
      <Menu.Item to="/scale" primaryText="portal.menu.scale" leftIcon={<ScaleIcon />} />
      {isAdministrator && [
        <Menu.Item
          key="contractors"
          to="/contractors"
          primaryText="portal.menu.contractors"
          leftIcon={<EngineeringIcon />}
        />,
        <Menu.Item
          key="transports"
          to="/transports"
          primaryText="portal.menu.transports"
          leftIcon={<LocalShippingIcon />}
        />,
        <Menu.Item
          key="materials"
          to="/materials"
          primaryText="portal.menu.materials"
          leftIcon={<LayersIcon />}
        />,
        <Menu.Item key="users" to="/users" primaryText="portal.menu.users" leftIcon={<users.icon />} />,
        <Menu.Item
          key="reports"
          to="/reports"
          primaryText="portal.menu.reports"
          leftIcon={<AssessmentIcon />}
        />,
        <Menu.Item
          key="settings"
          to="/settings"
          primaryText="portal.menu.settings"
          leftIcon={<settings.icon />}
        />,
        <Menu.Item key="outbox" to="/outbox" primaryText="portal.menu.outbox" leftIcon={<outbox.icon />} />,
      ]}
      <Menu.Item to="/logout" primaryText="portal.menu.logout" leftIcon={<LogoutIcon />} />
      <SignedInUser />
    </Menu>
  );
};
