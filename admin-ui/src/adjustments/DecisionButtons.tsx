import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { RemarkDialog } from '../incoming/RemarkDialog';

type Decision = 'approve' | 'reject';

interface DecisionButtonsProps {
  /** Takes the decision; resolves to whether it succeeded. `idempotencyKey` is the same for retries of one confirmation. */
  onDecide: (decision: Decision, remark: string, idempotencyKey: string) => Promise<boolean>;
}

/**
 * Finance's Approve (an optional remark) and Reject (the reason required) of a pending adjustment
 *, each confirmed in 'Add Remarks'. The dialog stays open when the server refuses
 * (e.g. 409: the removal exceeds what is available now).
 */
export const DecisionButtons = ({ onDecide }: DecisionButtonsProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState<Decision | null>(null);
  const [busy, setBusy] = useState(false);
  const { keyFor, settled } = useIdempotencyKey();
  const confirm = async (remark: string) => {
    if (!open) return;
    setBusy(true);
    if (await onDecide(open, remark, keyFor({ decision: open, remark: remark.trim() }))) {
      settled();
      setOpen(null);
    }
    setBusy(false);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button variant="contained" onClick={() => setOpen('approve')}>{translate('adjustments.approve')}</Button>
      <Button variant="outlined" color="warning" onClick={() => setOpen('reject')}>{translate('adjustments.reject')}</Button>
      <RemarkDialog
        open={!!open} required={open === 'reject'} action={`adjustments.${open ?? 'approve'}`} busy={busy}
        onClose={() => setOpen(null)} onConfirm={(r) => void confirm(r)}
      />
    </Box>
  );
};
