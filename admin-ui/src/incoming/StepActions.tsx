import { Box, Button, Chip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { INCOMING_FLOW, mayStep } from '@inventory/common';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import type { Step } from './api';
import { RemarkDialog } from './RemarkDialog';

/** Button label and success text of each step. */
const STEP_TEXT: Record<Step, { label: string; success: string }> = {
  submit: { label: 'incoming.submit', success: 'incoming.submitted' },
  confirm: { label: 'incoming.confirm', success: 'incoming.confirmed_ok' },
  approve: { label: 'incoming.approve', success: 'incoming.approved_ok' },
};

/** Statuses after which each step reads as done ('Confirmed', 'Approved', 'List is already submitted.'). */
const DONE_AFTER: Record<Step, { statuses: string[]; text: string }> = {
  submit: { statuses: ['pending_import_admin_approval', 'pending_finance_approval', 'approved'], text: 'incoming.already_submitted' },
  confirm: { statuses: ['pending_finance_approval', 'approved'], text: 'incoming.confirmed' },
  approve: { statuses: ['approved'], text: 'incoming.approved' },
};

interface StepActionsProps {
  steps: Step[];
  role: string | undefined;
  status: string;
  /** How many lines the list has: no step on an empty list. */
  lines: number;
  /** Takes the step; `idempotencyKey` is the same for retries of one confirmation. */
  onStep: (step: Step, remark: string, success: string, idempotencyKey: string) => Promise<boolean>;
}

/** The workflow buttons the role may use in this status (none while the list is empty), each opening 'Add Remarks'; done steps show their text. */
export const StepActions = ({ steps, role, status, lines, onStep }: StepActionsProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState<Step | null>(null);
  const [busy, setBusy] = useState(false);
  const { keyFor, settled } = useIdempotencyKey();
  const confirm = async (remark: string) => {
    if (!open) return;
    setBusy(true);
    if (await onStep(open, remark, STEP_TEXT[open].success, keyFor({ step: open, remark: remark.trim() }))) {
      settled();
      setOpen(null);
    }
    setBusy(false);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      {steps.map((step) =>
        lines > 0 && mayStep(INCOMING_FLOW, role, step, status) ? (
          <Button key={step} variant="contained" onClick={() => setOpen(step)}>{translate(STEP_TEXT[step].label)}</Button>
        ) : DONE_AFTER[step].statuses.includes(status) ? (
          <Chip key={step} color="success" label={translate(DONE_AFTER[step].text)} />
        ) : null,
      )}
      <RemarkDialog open={!!open} action={open ? STEP_TEXT[open].label : 'incoming.submit'} busy={busy} onClose={() => setOpen(null)} onConfirm={(r) => void confirm(r)} />
    </Box>
  );
};
