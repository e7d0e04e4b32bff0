import { useCallback } from 'react';
import type { Identifier } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { FromList } from '../incoming/WorkflowListParts';

/**
 * A list row's click (react-admin `rowClick`): opens `${path}/${id}`, handing the page this list's
 * URL (filters, sort, page) for its back link; returns false so react-admin does not navigate too.
 */
export function useOpenDetail(path: string): (id: Identifier) => false {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (id: Identifier) => {
      const state: FromList = { back: `${pathname}${search}` };
      void navigate(`${path}/${String(id)}`, { state });
      return false;
    },
    [navigate, path, pathname, search],
  );
}
