import { Alert, Box, Button, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { can } from '@inventory/common';
import { HistoryPanel } from '../audit/HistoryPanel';
import { formatDateTime } from '../common/format';
import { PageTitle } from '../common/PageTitle';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { useWorkflowList } from '../common/useWorkflowList';
import { BackLink, Fact, ListHistory } from '../incoming/ListHistory';
import { RemarkDialog } from '../incoming/RemarkDialog';
import { ScrollRegion } from '../incoming/ScrollRegion';
import { personName } from '../incoming/WorkflowListParts';
import { errorMessage } from '../providers/httpClient';
import { readSession } from '../providers/session';
import { AddLinePanel } from './AddLinePanel';
import { quantityText, TRANSFERS_PATH, transfersApi, type Transfer } from './api';
import { ReceiveDialog } from './ReceiveDialog';

const BACK = <BackLink to={TRANSFERS_PATH} label="transfers.back" />;

/** The lines: product, code, quantity (dispatched), received and short once received, a Remove button while draft. */
const Lines = ({ t, onRemove }: { t: Transfer; onRemove?: (lineId: string) => void }) => {
  const translate = useTranslate();
  if (!t.lines.length) return <Typography color="text.secondary">{translate('transfers.no_lines')}</Typography>;
  const received = t.status === 'received';
  return (
    <ScrollRegion label={translate('transfers.lines')}>
      <Table size="small" aria-label={translate('transfers.lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('transfers.product')}</TableCell>
            <TableCell>{translate('transfers.code')}</TableCell>
            <TableCell>{translate('transfers.quantity')}</TableCell>
            {t.status === 'draft' && <TableCell>{translate('transfers.available')}</TableCell>}
            {received && <TableCell>{translate('transfers.received')}</TableCell>}
            {received && <TableCell>{translate('transfers.shortfall')}</TableCell>}
            {onRemove && <TableCell>{translate('app.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {t.lines.map((l) => (
            <TableRow key={l._id} data-testid="transfer-line">
              <TableCell>{l.product.name}</TableCell>
              <TableCell>{l.product.code}</TableCell>
              <TableCell>{quantityText(l.quantity)}</TableCell>
              {t.status === 'draft' && <TableCell>{l.available_hidden ? translate('inventory.hidden_during_count') : quantityText(l.available)}</TableCell>}
              {received && <TableCell>{quantityText(l.received)}</TableCell>}
              {received && <TableCell>{quantityText(l.shortfall) || '–'}</TableCell>}
              {onRemove && (
                <TableCell>
                  <Button size="small" color="warning" aria-label={`${translate('transfers.remove')} ${l.product.name}`} onClick={() => onRemove(l._id)}>{translate('transfers.remove')}</Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
};

/**
 * /transfers/{id}: TRN, from, to, status; the lines; for the source's warehouseAdmin
 * while draft: add and remove lines, Dispatch and Cancel Transfer; for the destination's while in
 * transit: Receive (with a shortfall, a remark); the transfer note once dispatched; the steps,
 * remarks and the change history.
 */
export const TransferDetail = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { id } = useParams();
  const { list: transfer, act } = useWorkflowList(id, transfersApi.one);
  const [step, setStep] = useState<'dispatch' | 'cancel' | 'receive' | null>(null);
  const [busy, setBusy] = useState(false);
  const { keyFor, settled } = useIdempotencyKey();
  const session = readSession();
  if (!transfer) return <>{BACK}<PageTitle title="transfers.detail_title" /></>;
  const t = transfer;
  const atSource = can(session?.role, 'transfers.create') && session?.warehouse === t.from_warehouse._id;
  const atDestination = can(session?.role, 'transfers.receive') && session?.warehouse === t.to_warehouse._id;
  const editable = atSource && t.status === 'draft';
  const run = async (call: () => Promise<Transfer>, ok: string) => {
    setBusy(true);
    if (await act(call, ok)) {
      settled();
      setStep(null);
    }
    setBusy(false);
  };
  const steps = [
    { label: 'transfers.steps.created', by: t.created_by, at: t.createdAt },
    { label: 'transfers.steps.dispatched', by: t.dispatched_by, at: t.dispatchedAt },
    { label: t.status === 'cancelled' ? 'transfers.steps.cancelled' : 'transfers.steps.received', by: t.status === 'cancelled' ? t.cancelled_by : t.received_by, at: t.status === 'cancelled' ? t.cancelledAt : t.receivedAt },
  ];
  return (
    <Box>
      {BACK}
      <PageTitle title="transfers.detail_title" />
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mb: 2 }}>
            <Fact label="transfers.trn" testId="transfer-trn">{t.trn}</Fact>
            <Fact label="transfers.status" testId="transfer-status">{translate(`transfers.statuses.${t.status}`)}</Fact>
            <Fact label="transfers.from" testId="transfer-from">{t.from_warehouse.name}</Fact>
            <Fact label="transfers.to" testId="transfer-to">{t.to_warehouse.name}</Fact>
            <Fact label="transfers.created_by" testId="transfer-created">{`${personName(t.created_by)} · ${formatDateTime(t.createdAt)}`}</Fact>
          </Box>
          <Lines t={t} onRemove={editable ? (lineId) => void act(() => transfersApi.removeLine(t._id, lineId), 'transfers.removed_ok') : undefined} />
          {t.status === 'in_transit' && !atDestination && <Typography sx={{ mt: 2 }}>{translate('transfers.awaiting_receipt', { warehouse: t.to_warehouse.name })}</Typography>}
          {t.transit_loss_adjustment && <Alert severity="warning" sx={{ mt: 2 }}>{translate('transfers.transit_loss')}</Alert>}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
            {editable && <Button variant="contained" disabled={!t.lines.length} onClick={() => setStep('dispatch')}>{translate('transfers.dispatch')}</Button>}
            {editable && <Button variant="outlined" color="warning" onClick={() => setStep('cancel')}>{translate('transfers.cancel')}</Button>}
            {atDestination && t.status === 'in_transit' && <Button variant="contained" onClick={() => setStep('receive')}>{translate('transfers.receive')}</Button>}
            {(t.status === 'in_transit' || t.status === 'received') && (
              <Button variant="outlined" onClick={() => transfersApi.note(t).catch((e: unknown) => notify(errorMessage(e), { type: 'error' }))}>{translate('transfers.note')}</Button>
            )}
          </Box>
          {editable && <AddLinePanel warehouseId={t.from_warehouse._id} onAdd={(inventory, quantity) => act(() => transfersApi.addLine(t._id, inventory, quantity), 'transfers.add_line.added_ok')} />}
        </CardContent>
      </Card>
      <RemarkDialog
        open={step === 'dispatch' || step === 'cancel'} action={step === 'cancel' ? 'transfers.cancel' : 'transfers.dispatch'} busy={busy} onClose={() => setStep(null)}
        onConfirm={(remark) =>
          void (step === 'cancel'
            ? run(() => transfersApi.cancel(t._id, remark), 'transfers.cancelled_ok')
            : run(() => transfersApi.dispatch(t._id, remark, keyFor({ dispatch: t._id, remark })), 'transfers.dispatched_ok'))
        }
      />
      {atDestination && t.status === 'in_transit' && (
        <ReceiveDialog
          transfer={t} open={step === 'receive'} busy={busy} onClose={() => setStep(null)}
          onConfirm={(lines, remark) => void run(() => transfersApi.receive(t._id, lines, remark, keyFor({ receive: t._id, lines, remark })), 'transfers.received_ok')}
        />
      )}
      <ListHistory steps={steps} remarks={t.remarks} />
      <HistoryPanel entity="transfer" id={t._id} refreshOn={t} />
    </Box>
  );
};
