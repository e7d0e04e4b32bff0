import { grey } from '@mui/material/colors';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * MUI's font stack with Noto Sans Ethiopic (bundled from @fontsource-variable/noto-sans-ethiopic, no CDN)
 * for the Ethiopic script: a machine without an Ethiopic font would otherwise show Amharic as empty boxes.
 * Its faces carry unicode ranges, so the browser loads the Ethiopic file only on pages that show Amharic.
 */
export const FONT_FAMILY = ['Roboto', 'Helvetica', 'Arial', '"Noto Sans Ethiopic Variable"', 'sans-serif'].join(', ');

/** Side menu widths in px, open and folded (also the menu header's, src/layout/Menu.tsx). */
export const SIDEBAR = { width: 260, closedWidth: 56 };

/**
 * react-admin's default theme with the product's blue, and colours that pass WCAG 2 AA (
 * Accessibility): every palette colour has at least 4.5:1 contrast as text on white and on the form
 * toolbar, and a filled chip, badge or button picks the text colour with 4.5:1 contrast (MUI's
 * default threshold, 3, lets white text sit on orange and light blue).
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    contrastThreshold: 4.5,
    primary: { main: '#1565c0' },
    secondary: { main: '#0d47a1' },
    /** 5.6:1 on white (MUI's #d32f2f: 5.0 on white, 3.8 on react-admin's grey toolbar). */
    error: { main: '#c62828' },
    /** 5.0:1 with white text (MUI's #ed6c02: 3.1). */
    warning: { main: '#b45309' },
    /** 7.4:1 with white text (MUI's #0288d1: 3.9). */
    info: { main: '#01579b' },
    /** 5.1:1 with white text. */
    success: { main: '#2e7d32' },
  },
  typography: { ...defaultTheme.typography, fontFamily: FONT_FAMILY },
  sidebar: SIDEBAR,
  components: {
    ...defaultTheme.components,
    // The form toolbar (Save, Delete): react-admin's grey[300] leaves 4.4:1 to the blue and 3.8:1 to the red.
    RaToolbar: { styleOverrides: { root: { backgroundColor: grey[100] } } },
    // The "Something went wrong" page: react-admin greys it out with opacity 0.5 (3.2:1 text, 1.5:1 button).
    RaError: { styleOverrides: { root: { opacity: 1 } } },
  },
};
