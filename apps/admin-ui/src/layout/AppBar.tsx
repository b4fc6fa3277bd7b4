import { AppBar, Toolbar, Typography, useMediaQuery } from '@mui/material';
import { styled, type Theme } from '@mui/material/styles';
import { HideOnScroll, LoadingIndicator, SidebarToggleButton, TitlePortal, useTranslate } from 'react-admin';

/** react-admin's app bar classes and spacing. */
const Bar = styled(AppBar, { name: 'RaAppBar', overridesResolver: (_props, styles) => styles.root })(
  ({ theme }) => ({
    '& .RaAppBar-toolbar': {
      padding: `0 ${theme.spacing(1)}`,
      [theme.breakpoints.down('md')]: { minHeight: theme.spacing(6) },
    },
    '& .RaAppBar-menuButton': { marginRight: '0.2em' },
  }),
);

/**
 * The page title on the left, the product's name on the right; logout lives in the drawer.
 * react-admin's AppBar, less its user, language and theme menus, which the portal does not offer and whose
 * code would join every first load.
 */
export const PortalAppBar = () => {
  const translate = useTranslate();
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <HideOnScroll>
      <Bar className="RaAppBar-appBar" color="secondary">
        <Toolbar disableGutters variant={isPhone ? 'regular' : 'dense'} className="RaAppBar-toolbar">
          <SidebarToggleButton className="RaAppBar-menuButton" />
          <TitlePortal />
          <Typography variant="subtitle1" noWrap sx={{ display: { xs: 'none', sm: 'block' }, mr: 1 }}>
            {translate('portal.appName')}
          </Typography>
          <LoadingIndicator />
        </Toolbar>
      </Bar>
    </HideOnScroll>
  );
};
