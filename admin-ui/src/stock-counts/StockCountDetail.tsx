import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { can } from '@inventory/common';
import { HistoryPanel } from '../audit/HistoryPanel';
import { formatDateTime } from '../common/format';
import { formatEtb } from '../outgoing/money';
import { PageTitle } from '../common/PageTitle';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { useWorkflowList } from '../common/useWorkflowList';
import { BackLink, Fact, ListHistory } from '../incoming/ListHistory';
import { RemarkDialog } from '../incoming/RemarkDialog';
import { personName } from '../incoming/WorkflowListParts';
import { errorMessage } from '../providers/httpClient';
import { readSession } from '../providers/session';
import { countName, STOCK_COUNTS_PATH, stockCountsApi, type StockCount } from './api';
import { CountLines } from './CountLines';

const BACK = <BackLink to={STOCK_COUNTS_PATH} label="stockCounts.back" />;

type Step = 'submit' | 'cancel' | 'approve' | 'return';

/** The server's row errors of a refused sheet upload, if any. */
const rowErrors = (e: unknown): { row: number; field: string; message: string }[] =>
  ((e as { body?: { errors?: { row?: number; field: string; message: string }[] } }).body?.errors ?? []).filter((x): x is { row: number; field: string; message: string } => typeof x.row === 'number');

/**
 * /stockCounts/{id}: number, warehouse, category, blind, status; the lines (counted
 * per unit and saved line by line while counting); the count sheet download and upload; Submit and
 * Cancel for the warehouseAdmin; Approve and Return for finance; steps, remarks, change history.
 */
export const StockCountDetail = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { id } = useParams();
  const { list: count, act } = useWorkflowList(id, stockCountsApi.one);
  const [step, setStep] = useState<Step | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ row: number; field: string; message: string }[]>([]);
  const file = useRef<HTMLInputElement>(null);
  const { keyFor, settled } = useIdempotencyKey();
  const session = readSession();
  if (!count) return <>{BACK}<PageTitle title="stockCounts.detail_title" /></>;
  const c = count;
  const counter = can(session?.role, 'stockCounts.count') && session?.warehouse === c.warehouse._id;
  const approver = can(session?.role, 'stockCounts.approve');
  const counting = counter && c.status === 'counting';
  const saveLine = (lineId: string, counted: { name: string; value: number }[]) =>
    act(async () => {
      const line = await stockCountsApi.countLine(c._id, lineId, counted);
      return (current: StockCount | null) => current && { ...current, lines: current.lines.map((l) => (l._id === lineId ? line : l)), counted_count: current.lines.filter((l) => l.counted || l._id === lineId).length };
    }, 'stockCounts.saved_ok');
  const upload = async (f: File | undefined) => {
    if (!f) return;
    setErrors([]);
    try {
      const updated = await stockCountsApi.upload(c._id, f);
      await act(() => Promise.resolve(updated), 'stockCounts.uploaded_ok');
    } catch (e) {
      setErrors(rowErrors(e));
      notify(errorMessage(e), { type: 'error' });
    } finally {
      if (file.current) file.current.value = '';
    }
  };
  const run = async (call: () => Promise<StockCount>, ok: string) => {
    setBusy(true);
    if (await act(call, ok)) {
      settled();
      setStep(null);
    }
    setBusy(false);
  };
  const confirm = (remark: string) => {
    const calls: Record<Step, [() => Promise<StockCount>, string]> = {
      submit: [() => stockCountsApi.submit(c._id, remark), 'stockCounts.submitted_ok'],
      cancel: [() => stockCountsApi.cancel(c._id, remark), 'stockCounts.cancelled_ok'],
      approve: [() => stockCountsApi.approve(c._id, remark, keyFor({ approve: c._id, remark })), 'stockCounts.approved_ok'],
      return: [() => stockCountsApi.return(c._id, remark), 'stockCounts.returned_ok'],
    };
    if (step) void run(...calls[step]);
  };
  const steps = [
    { label: 'stockCounts.steps.started', by: c.created_by, at: c.createdAt },
    { label: 'stockCounts.steps.submitted', by: c.submitted_by, at: c.submittedAt },
    { label: c.status === 'cancelled' ? 'stockCounts.steps.cancelled' : 'stockCounts.steps.approved', by: c.status === 'cancelled' ? c.cancelled_by : c.approved_by, at: c.status === 'cancelled' ? c.cancelledAt : c.approvedAt },
  ];
  return (
    <Box>
      {BACK}
      <PageTitle title="stockCounts.detail_title" />
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mb: 2 }}>
            <Fact label="stockCounts.number" testId="count-number">{countName(c)}</Fact>
            <Fact label="stockCounts.status" testId="count-status">{translate(`stockCounts.statuses.${c.status}`)}</Fact>
            <Fact label="stockCounts.warehouse" testId="count-warehouse">{c.warehouse.name}</Fact>
            <Fact label="stockCounts.category" testId="count-category">{c.category?.name ?? translate('stockCounts.all_categories')}</Fact>
            <Fact label="stockCounts.blind" testId="count-blind">{translate(c.blind ? 'stockCounts.yes' : 'stockCounts.no')}</Fact>
            <Fact label="stockCounts.progress" testId="count-progress">{translate('stockCounts.progress_value', { counted: c.counted_count, lines: c.line_count })}</Fact>
            <Fact label="stockCounts.created_by" testId="count-created">{`${personName(c.created_by)} · ${formatDateTime(c.createdAt)}`}</Fact>
          </Box>
          {c.status === 'counting' && c.return_reason && <Alert severity="info" sx={{ mb: 2 }}>{translate('stockCounts.returned_reason', { reason: c.return_reason })}</Alert>}
          <CountLines lines={c.lines} editable={counting} onSave={saveLine} />
          {c.difference_value_total !== null && <Typography sx={{ mt: 2 }} data-testid="count-total">{translate('stockCounts.total_value', { value: formatEtb(c.difference_value_total) })}</Typography>}
          {errors.length > 0 && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="upload-errors">
              {translate('stockCounts.upload_errors')}
              <ul>{errors.map((e) => <li key={`${e.row}-${e.field}`}>{translate('stockCounts.upload_row', e)}</li>)}</ul>
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
            <Button variant="outlined" onClick={() => stockCountsApi.sheet(c).catch((e: unknown) => notify(errorMessage(e), { type: 'error' }))}>{translate('stockCounts.sheet')}</Button>
            {counting && (
              <Button variant="outlined" component="label">
                {translate('stockCounts.upload')}
                <input ref={file} hidden type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" aria-label={translate('stockCounts.upload')} onChange={(e) => void upload(e.target.files?.[0])} />
              </Button>
            )}
            {counting && <Button variant="contained" disabled={!c.lines.some((l) => l.counted)} onClick={() => setStep('submit')}>{translate('stockCounts.submit')}</Button>}
            {counting && <Button variant="outlined" color="warning" onClick={() => setStep('cancel')}>{translate('stockCounts.cancel')}</Button>}
            {approver && c.status === 'pending_approval' && <Button variant="contained" onClick={() => setStep('approve')}>{translate('stockCounts.approve')}</Button>}
            {approver && c.status === 'pending_approval' && <Button variant="outlined" color="warning" onClick={() => setStep('return')}>{translate('stockCounts.return')}</Button>}
          </Box>
          {!approver && c.status === 'pending_approval' && <Typography color="text.secondary" sx={{ mt: 2 }}>{translate('stockCounts.awaiting_finance')}</Typography>}
        </CardContent>
      </Card>
      <RemarkDialog open={!!step} required={step === 'return'} action={`stockCounts.${step ?? 'submit'}`} busy={busy} onClose={() => setStep(null)} onConfirm={confirm} />
      <ListHistory steps={steps} remarks={c.remarks} />
      <HistoryPanel entity="stock_count" id={c._id} refreshOn={c} />
    </Box>
  );
};
