import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../common/format';
import { personName } from '../incoming/WorkflowListParts';
import type { Returned } from './types';

/** "Returned by X on DATE: reason" at the top of a list sent back to its creator; nothing otherwise. */
export const ReturnedNotice = ({ returned }: { returned: Returned | null | undefined }) => {
  const translate = useTranslate();
  if (!returned) return null;
  return (
    <Alert severity="warning" data-testid="returned-notice" sx={{ mb: 2 }}>
      {translate('corrections.returned_notice', { name: personName(returned.by), date: formatDateTime(returned.at), reason: returned.reason })}
    </Alert>
  );
};
