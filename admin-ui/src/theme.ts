import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default theme with the product's blue. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#1565c0' }, secondary: { main: '#0d47a1' } },
  sidebar: { width: 260, closedWidth: 56 },
};
