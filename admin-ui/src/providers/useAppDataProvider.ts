import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from './dataProvider';

/** The dataProvider with its extra methods (`activate`, `api`) typed. */
export const useAppDataProvider = () => useDataProvider<AppDataProvider>();
