import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { useAppDataProvider } from '../providers/useAppDataProvider';

/** A category as the API returns it. */
export interface Category {
  _id: string;
  name: string;
  description: string;
  specifications: string[];
  quantity_measurement: string[];
}

/**
 * Active or removed categories (GET /productCategories answers the array, the removed list
 * `{categories}`), with `reload()`; a failed load shows the server's message as an error.
 */
export function useCategories(status: 'active' | 'removed') {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [rows, setRows] = useState<Category[] | undefined>();
  const reload = useCallback(async () => {
    try {
      if (status === 'removed') {
        const { data } = await dp.api<{ categories: Category[] }>('GET', '/productCategories/removed/all');
        setRows(data.categories);
      } else {
        setRows((await dp.api<Category[]>('GET', '/productCategories')).data);
      }
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
      setRows([]);
    }
  }, [dp, notify, status]);
  useEffect(() => {
    setRows(undefined); // another status: no rows of the previous one meanwhile
    void reload();
  }, [reload]);
  return { rows, reload };
}
