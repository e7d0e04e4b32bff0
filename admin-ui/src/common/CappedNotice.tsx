import { Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { cappedCount } from '../providers/pageCount';
import { formatNumber } from './format';

/**
 * The note above a list whose server capped its count (`total_capped`: at most 1,000 matches with a
 * search, 10,000 without; the audit trail, the ledger and the incoming and outgoing lists show it):
 * the count is then a floor, and the note says so. `message` is the i18n key of the text, given
 * `%{count}` ("More than 10,000 … match"). Nothing when the count is exact.
 */
export const CappedNotice = ({ message }: { message: string }) => {
  const translate = useTranslate();
  const count = cappedCount(useListContext().meta);
  if (count === undefined) return null;
  return <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }} role="status">{translate(message, { count: formatNumber(count) })}</Typography>;
};
