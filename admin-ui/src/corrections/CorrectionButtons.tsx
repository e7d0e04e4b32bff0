import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { RemarkDialog } from '../incoming/RemarkDialog';
import type { Correction } from './types';

interface CorrectionButtonsProps {
  /** The corrections the role may make in the list's status (@inventory/common INCOMING_FLOW and OUTGOING_FLOW). */
  allowed: Correction[];
  /** Sends the correction with its reason; resolves to whether the server took it. */
  onCorrect: (correction: Correction, reason: string, idempotencyKey: string) => Promise<boolean>;
}

/**
 * Return and Cancel List: a button for each correction the role may make now, each
 * opening 'Add Remarks' where the reason is required (the server answers 400 without one too).
 */
export const CorrectionButtons = ({ allowed, onCorrect }: CorrectionButtonsProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState<Correction | null>(null);
  const [busy, setBusy] = useState(false);
  const { keyFor, settled } = useIdempotencyKey();
  if (!allowed.length) return null;
  const confirm = async (reason: string) => {
    if (!open) return;
    setBusy(true);
    if (await onCorrect(open, reason.trim(), keyFor({ correction: open, reason: reason.trim() }))) {
      settled();
      setOpen(null);
    }
    setBusy(false);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      {allowed.map((c) => (
        <Button key={c} variant="outlined" color={c === 'cancel' ? 'error' : 'warning'} onClick={() => setOpen(c)}>
          {translate(`corrections.${c}`)}
        </Button>
      ))}
      <RemarkDialog
        open={!!open} required action={`corrections.${open ?? 'return'}`} busy={busy}
        onClose={() => setOpen(null)} onConfirm={(r) => void confirm(r)}
      />
    </Box>
  );
};
