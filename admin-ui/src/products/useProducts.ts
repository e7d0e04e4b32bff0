import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { useAppDataProvider } from '../providers/useAppDataProvider';

/** A product as the API returns it (spec 3). */
export interface Product {
  _id: string;
  name: string;
  code: string;
  description: string;
  category: { _id: string; name: string };
  specifications: { name: string; value: string }[];
  quantity: string[];
  buffer_stock: { unit_of_measurement: string; quantity: number };
  image_extension: string | null;
  updatedAt: string;
}

type Page = { products: Product[]; total_count: number };

/** What the product list shows: the status view, the search text and the page. */
export interface ProductQuery {
  removed: boolean;
  search: string;
  page: number;
  perPage: number;
}

/** Page size of a search (spec 9: each keystroke asks for page 1 with limit 50). */
export const SEARCH_LIMIT = 50;

/**
 * One page of products. A search sends `page` (1 after each keystroke) and limit 50 (spec 9) to
 * POST /products/search; otherwise GET /products (or removed/all) ?page&limit. Failures show the server's message.
 */
export function useProducts({ removed, search, page, perPage }: ProductQuery) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [result, setResult] = useState<Page | undefined>();
  const reload = useCallback(async () => {
    try {
      const { data } = search && !removed
        ? await dp.api<Page>('POST', `/products/search?page=${page}&limit=${SEARCH_LIMIT}`, { query: search, page, limit: SEARCH_LIMIT })
        : await dp.api<Page>('GET', `/products${removed ? '/removed/all' : ''}?page=${page}&limit=${perPage}`);
      setResult(data);
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
      setResult({ products: [], total_count: 0 });
    }
  }, [dp, notify, removed, search, page, perPage]);
  useEffect(() => void reload(), [reload]);
  return { result, reload };
}

/** Public URL of a product's image; the version query defeats the 1 h cache after a replacement. */
export const imageUrl = (p: Product) => `/images/${p._id}${p.image_extension}?v=${encodeURIComponent(p.updatedAt)}`;
