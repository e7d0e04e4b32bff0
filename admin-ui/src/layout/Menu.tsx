import { Badge, Box } from '@mui/material';
import { keyframes } from '@mui/system';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { readSession } from '../providers/session';
import { Greeting } from './Greeting';
import { menuFor, type MenuBadge, type MenuEntry } from './menu';
import { badgeText, useApiCount } from './useApiCount';

const blink = keyframes`50% { opacity: 0.3; }`;

const CountBadge = ({ badge }: { badge: MenuBadge }) => {
  const count = useApiCount(badge.path, badge.count);
  if (count === 0) return null;
  return <Badge color="error" badgeContent={badgeText(count)} sx={{ ml: 2, animation: `${blink} 1s step-start infinite` }} />;
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

/** The sidebar: logo, greeting and exactly the signed-in role's menu (src/layout/menu.ts). */
export const Menu = () => {
  const [open] = useSidebarState();
  const entries = menuFor(readSession()?.role);
  return (
    <RaMenu>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}>
        <img src="/logo.svg" alt="logo" width={open ? 40 : 24} height={open ? 40 : 24} />
        {open && <Greeting />}
      </Box>
      <Box component="nav" aria-label="main menu" data-testid="main-menu">
        {entries.map((entry) => (
          <Entry key={entry.path} entry={entry} />
        ))}
      </Box>
    </RaMenu>
  );
};
