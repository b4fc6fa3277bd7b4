import { grey } from '@mui/material/colors';
import type { Theme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * Issue 15, item 16: every text colour meets WCAG AA (4.5:1) on the surfaces it sits on: white, the page's
 * #fafafb, a filled input's grey, a form toolbar and a selected row's tint. MUI's and react-admin's default
 * blues (#1976d2, #2196f3, #0288d1), red (#d32f2f) and orange (#ed6c02) fall short, so the same hues, darker; the form toolbar's
 * grey is lighter, a disabled field's helper text (it says why the field is locked) stays readable, and so does
 * the loading page's message (react-admin greys it to text.disabled, 2.7:1).
 */
const blue = { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' };
const orange = { light: '#dd7a3a', main: '#a84300', dark: '#752000', contrastText: '#fff' };
const red = { light: '#ef5350', main: '#c62828', dark: '#b71c1c', contrastText: '#fff' };
const lightBlue = { light: '#4f83cc', main: '#01579b', dark: '#002f6c', contrastText: '#fff' };

/**
 * Mobile layout at 991 px or less, desktop at 1440 px or more. react-admin switches to the
 * phone layout (temporary drawer) below `sm`, so `sm` starts at 992; `lg` starts the spec's desktop.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: blue,
    secondary: blue,
    warning: orange,
    error: red,
    info: lightBlue,
  },
  components: {
    ...defaultTheme.components,
    RaToolbar: { styleOverrides: { root: { backgroundColor: grey[100] } } },
    RaLoading: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '& .RaLoading-message': { color: theme.palette.text.secondary },
        }),
      },
    },
    // A progress bar or spinner says what it is to a screen reader; one beside a button's label is hidden.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '&.Mui-disabled': { color: theme.palette.text.secondary },
        }),
      },
    },
  },
  breakpoints: { values: { xs: 0, sm: 992, md: 1200, lg: 1440, xl: 1920 } },
};
