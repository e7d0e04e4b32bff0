import { Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { formatNumber } from './format';

/**
 * The note above a list whose server counts at most 10,000 matches (`total_capped`, issue 14 for
 * the audit trail, issue 13 for the ledger and the incoming and outgoing lists): the total is then
 * a floor, and the note says so. `message` is the i18n key of the text, given `%{count}`
 * ("More than 10,000 … match"). Nothing when the count is exact.
 */
export const CappedNotice = ({ message }: { message: string }) => {
  const translate = useTranslate();
  const { meta, total } = useListContext();
  if (!(meta as { total_capped?: boolean } | undefined)?.total_capped) return null;
  return <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }} role="status">{translate(message, { count: formatNumber(total ?? 0) })}</Typography>;
};
