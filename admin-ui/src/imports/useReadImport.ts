import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { ImportRecord } from './api';

/** Reads one import (its preview, row errors and progress) through the dataProvider's `imports` resource. */
export function useReadImport(): (id: string) => Promise<ImportRecord> {
  const dataProvider = useDataProvider();
  return useCallback(async (id: string) => (await dataProvider.getOne<ImportRecord>('imports', { id })).data, [dataProvider]);
}
