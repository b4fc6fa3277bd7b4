import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * Spec section 2: mobile layout at 991 px or less, desktop at 1440 px or more. react-admin switches to the
 * phone layout (temporary drawer) below `sm`, so `sm` starts at 992; `lg` starts the spec's desktop.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  breakpoints: { values: { xs: 0, sm: 992, md: 1200, lg: 1440, xl: 1920 } },
};
