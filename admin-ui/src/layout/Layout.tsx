import { createTheme } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, useSidebarState } from 'react-admin';
import { DisplaySettings } from '../preferences/DisplaySettings';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { useLiveEvents } from './useLiveEvents';

/**
 * Phone width (below MUI's `sm`). Created when this module loads, before any of MUI's media queries:
 * the browser reports a change to the oldest query first.
 */
const phoneWidth = window.matchMedia(createTheme().breakpoints.down('sm').replace(/^@media\s*/, ''));

/**
 * Folds the side menu away when the window narrows to phone width, and opens it again when it widens,
 * before the layout swaps drawers: react-admin would carry the desktop's "open" into the phone's
 * overlay menu for one render, and the overlay, opened and closed at once, stays mounted and hides the
 * page from screen readers (aria-hidden on the app root).
 */
function useFoldMenuOnPhone(): void {
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    const fold = (event: MediaQueryListEvent) => setOpen(!event.matches);
    phoneWidth.addEventListener('change', fold);
    return () => phoneWidth.removeEventListener('change', fold);
  }, [setOpen]);
}

/**
 * react-admin layout with our header and sidebar. The frame is as wide as the
 * viewport: react-admin's `min-width: fit-content` would widen the whole page to its widest table,
 * so at 390 px every screen scrolled sideways; on phones a long word (an email, a GRN) wraps rather
 * than pushing the page wider (Phone width).
 */
export const Layout = ({ children }: { children: ReactNode }) => {
  useFoldMenuOnPhone();
  useLiveEvents();
  return (
    <RaLayout
      appBar={AppBar}
      menu={Menu}
      sx={(theme) => ({ minWidth: 0, '& .RaLayout-content': { minWidth: 0, [theme.breakpoints.down('sm')]: { overflowWrap: 'anywhere' } } })}
    >
      <DisplaySettings>{children}</DisplaySettings>
    </RaLayout>
  );
};
