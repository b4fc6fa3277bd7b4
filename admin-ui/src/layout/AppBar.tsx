import { Typography } from '@mui/material';
import { AppBar, TitlePortal, useTranslate } from 'react-admin';

/** The page title on the left, the product's name on the right; logout lives in the drawer (spec section 2). */
export const PortalAppBar = () => {
  const translate = useTranslate();
  return (
    <AppBar userMenu={false}>
      <TitlePortal />
      <Typography variant="subtitle1" noWrap sx={{ display: { xs: 'none', sm: 'block' }, mr: 1 }}>
        {translate('portal.appName')}
      </Typography>
    </AppBar>
  );
};
