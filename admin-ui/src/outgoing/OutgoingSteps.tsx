import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { can, mayStep, OUTGOING_FLOW, OUTGOING_STEP_ORDER } from '@inventory/common';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { RemarkDialog } from '../incoming/RemarkDialog';
import type { OutgoingList, Step } from './api';
import { DocumentButtons } from './DocumentButtons';

/** Success text of each step. */
const SUCCESS: Record<Step, string> = {
  submit: 'outgoing.submitted',
  verify: 'outgoing.verified',
  approve: 'outgoing.approved_ok',
  deliver: 'outgoing.delivered_ok',
};

interface OutgoingStepsProps {
  list: OutgoingList;
  role: string | undefined;
  /** Takes the step; `idempotencyKey` is the same for retries of one confirmation. */
  onStep: (step: Step, remark: string, success: string, idempotencyKey: string) => Promise<boolean>;
}

/** The workflow button the role may use now (each opens 'Add Remarks') and, after delivery, the document downloads. */
export const OutgoingSteps = ({ list, role, onStep }: OutgoingStepsProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState<Step | null>(null);
  const [busy, setBusy] = useState(false);
  const { keyFor, settled } = useIdempotencyKey();
  const confirm = async (remark: string) => {
    if (!open) return;
    setBusy(true);
    if (await onStep(open, remark, SUCCESS[open], keyFor({ step: open, remark: remark.trim() }))) {
      settled();
      setOpen(null);
    }
    setBusy(false);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {OUTGOING_STEP_ORDER.filter((s) => list.inventory_list.length > 0 && mayStep(OUTGOING_FLOW, role, s, list.status)).map((s) => (
        <Button key={s} variant="contained" onClick={() => setOpen(s)}>{translate(`outgoing.steps.${s}`)}</Button>
      ))}
      {list.status === 'delivered' && can(role, 'outgoing.documents') && <DocumentButtons list={list} />}
      <RemarkDialog open={!!open} action={open ? `outgoing.steps.${open}` : 'outgoing.steps.submit'} busy={busy} onClose={() => setOpen(null)} onConfirm={(r) => void confirm(r)} />
    </Box>
  );
};
