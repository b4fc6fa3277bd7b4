import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EngineeringIcon from '@mui/icons-material/Engineering';
import LayersIcon from '@mui/icons-material/Layers';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import LogoutIcon from '@mui/icons-material/Logout';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import MonitorWeightIcon from '@mui/icons-material/MonitorWeight';
import PeopleIcon from '@mui/icons-material/People';
import ScaleIcon from '@mui/icons-material/Scale';
import SettingsIcon from '@mui/icons-material/Settings';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import WebhookIcon from '@mui/icons-material/Webhook';
import { ListItemIcon, MenuItem, Typography } from '@mui/material';
import { roleMayCall } from '@portal/contract';
import { Role } from '@portal/domain';
import { Menu, useGetIdentity, usePermissions, useTranslate } from 'react-admin';

/** The signed-in user's name, last in the drawer; information, not a link. */
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

/** The administrators' screens in the drawer, in the spec's order. */
const administratorItems = [
  { path: '/contractors', text: 'portal.menu.contractors', Icon: EngineeringIcon },
  { path: '/transports', text: 'portal.menu.transports', Icon: LocalShippingIcon },
  { path: '/materials', text: 'portal.menu.materials', Icon: LayersIcon },
  { path: '/scales', text: 'portal.menu.scales', Icon: MonitorWeightIcon },
  { path: '/users', text: 'portal.menu.users', Icon: PeopleIcon },
  { path: '/reports', text: 'portal.menu.reports', Icon: AssessmentIcon },
  { path: '/settings', text: 'portal.menu.settings', Icon: SettingsIcon },
  { path: '/integrations', text: 'portal.menu.integrations', Icon: WebhookIcon },
  { path: '/outbox', text: 'portal.menu.outbox', Icon: MailOutlineIcon },
];

/**
 * The drawer: Dashboard and Scale for the office's staff, the administrators' screens, Audit for
 * administrators and auditors, Logout and the user's name. An auditor may open neither the dashboard's
 * lists nor the scales (docs/rules.md, "Roles"); a ticket's history opens from the Audit page.
 */
export const PortalMenu = () => {
  const { permissions } = usePermissions();
  const isAdministrator = permissions === Role.Administrator;
  const isStaff = isAdministrator || permissions === Role.Standard;
  const mayAudit = permissions !== undefined && roleMayCall('audit', permissions);
  return (
    <Menu>
      {isStaff && (
        <Menu.Item to="/dashboard" primaryText="portal.menu.dashboard" leftIcon={<DashboardIcon />} />
      )}
      {isStaff && <Menu.Item to="/scale" primaryText="portal.menu.scale" leftIcon={<ScaleIcon />} />}
      {isAdministrator &&
        administratorItems.map(({ path, text, Icon }) => (
          <Menu.Item key={path} to={path} primaryText={text} leftIcon={<Icon />} />
        ))}
      {mayAudit && <Menu.Item to="/audit" primaryText="portal.menu.audit" leftIcon={<VerifiedUserIcon />} />}
      <Menu.Item to="/logout" primaryText="portal.menu.logout" leftIcon={<LogoutIcon />} />
      <SignedInUser />
    </Menu>
  );
};
