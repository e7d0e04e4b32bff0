import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Reloads the menu badges after a workflow step. The layout's badge counts reload on every
 * navigation (layout/useApiCount.ts), so this replaces the current entry with a fresh `?r=` value.
 */
export function useRefreshBadges(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => navigate(`${pathname}?r=${Date.now().toString(36)}`, { replace: true }), [navigate, pathname]);
}
