import { alpha, Badge, Box } from '@mui/material';
import { keyframes } from '@mui/system';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { readSession } from '../providers/session';
import { SIDEBAR } from '../theme';
import { Greeting } from './Greeting';
import { menuFor, type MenuBadge, type MenuEntry } from './menu';
import { badgeText, useApiCount } from './useApiCount';
import { useLayoutTranslate } from './useLayoutTranslate';

/** The blink: a halo comes and goes around the badge; its number keeps full contrast throughout. */
const blink = keyframes`50% { box-shadow: 0 0 0 4px var(--halo); }`;

const CountBadge = ({ badge }: { badge: MenuBadge }) => {
  const count = useApiCount(badge.path, badge.count);
  if (count === 0) return null;
  return (
    <Badge
      color="error"
      badgeContent={badgeText(count)}
      sx={(theme) => ({
        ml: 2,
        '& .MuiBadge-badge': {
          '--halo': alpha(theme.palette.error.main, 0.35),
          animation: `${blink} 1s step-start infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        },
      })}
    />
  );
};

const Entry = ({ entry }: { entry: MenuEntry }) => {
  const translate = useTranslate();
  const Icon = entry.icon;
  return (
    <RaMenu.Item
      to={entry.path}
      primaryText={
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {translate(entry.title)}
          {entry.badge && <CountBadge badge={entry.badge} />}
        </Box>
      }
      leftIcon={<Icon />}
    />
  );
};

/**
 * The sidebar: logo, greeting and exactly the signed-in role's menu (src/layout/menu.ts), in a
 * labelled navigation landmark; the ARIA menu holds only its menu items (Accessibility).
 */
export const Menu = () => {
  const [open] = useSidebarState();
  const t = useLayoutTranslate();
  const entries = menuFor(readSession()?.role);
  return (
    <Box component="nav" aria-label={t('main_menu')} data-testid="main-menu">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5, boxSizing: 'border-box', width: open ? SIDEBAR.width : SIDEBAR.closedWidth }}>
        <img src="/logo.svg" alt="" width={open ? 40 : 24} height={open ? 40 : 24} />
        {open && <Greeting />}
      </Box>
      <RaMenu aria-label={t('main_menu')} sx={{ mt: 0 }}>
        {entries.map((entry) => (
          <Entry key={entry.path} entry={entry} />
        ))}
      </RaMenu>
    </Box>
  );
};
