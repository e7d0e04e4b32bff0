import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import type { ValuationTotals } from './api';

/**
 * The totals of every record the report's `filter` matches, through `dataProvider.getTotals` and
 * react-admin's query cache keyed by the filter alone: a page or sort change asks nothing, a
 * filter change asks once. The last filter's totals stay shown while the next ones load, as the
 * rows do; a failure notifies with the server's message. Null until the first answer.
 */
export function useValuationTotals(filter: Record<string, unknown>): ValuationTotals | null {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const { data, error } = useQuery({
    queryKey: ['valuations', 'getTotals', { filter }],
    queryFn: () => dataProvider.getTotals<ValuationTotals>('valuations', { filter }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useEffect(() => {
    if (error) notify(errorMessage(error), { type: 'error' });
  }, [error, notify]);
  return data ?? null;
}

/** The report's totals for the table's footer (null while none came). */
export const ValuationTotalsContext = createContext<ValuationTotals | null>(null);

/** The totals the report screen provides ({@link ValuationTotalsContext}). */
export const useTotals = (): ValuationTotals | null => useContext(ValuationTotalsContext);
