import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { badgeText, useApiCount } from './useApiCount';
import { useLayoutTranslate } from './useLayoutTranslate';

/** `data.total_count` of GET /api/inventory/stock/low (else `inventories.length`; 0 when the route fails). */
const lowStockCount = (data: unknown): number => {
  const page = data as { inventories?: unknown[]; total_count?: number } | null;
  if (typeof page?.total_count === 'number') return page.total_count;
  return Array.isArray(page?.inventories) ? page.inventories.length : 0;
};

/**
 * Header bell with the low-stock count (up to 99, then 99+), linking to the low-stock inventory view;
 * its accessible name carries the count ("Low stock items: 3").
 */
export const LowStockBell = () => {
  const translate = useTranslate();
  const t = useLayoutTranslate();
  const count = useApiCount('/inventory/stock/low?page=1&limit=1', lowStockCount);
  return (
    <Tooltip title={translate('app.low_stock')}>
      <IconButton color="inherit" component={Link} to="/inventoryInAllWarehouse?low-stock=low" aria-label={t('low_stock_count', { count: badgeText(count) })}>
        <Badge color="error" badgeContent={badgeText(count)} showZero data-testid="low-stock-badge">
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
};
