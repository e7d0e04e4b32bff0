import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ListPagination } from '../common/ListPagination';

/** Search debounce of spec 9 (inventory, transactions, product pickers). */
export const DEBOUNCE_MS = 300;

/** What a stock or ledger list shows when no row matches (`message`: an i18n key). */
export const NoRows = ({ message }: { message: string }) => {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate(message)}</Typography>;
};

/** Page sizes of the stock and ledger tables (10 by default; a new size goes back to page 1). */
export const LIST_PAGINATION = <ListPagination rowsPerPageOptions={[5, 10, 20, 40]} />;
