import { Alert, Box, Button, Card, CardContent } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { correctionsFor, linesFrozenFor, mayEditLines, OUTGOING_FLOW } from '@inventory/common';
import { formatPhone } from '../common/format';
import { PageTitle } from '../common/PageTitle';
import { useWorkflowList } from '../common/useWorkflowList';
import { CorrectionButtons } from '../corrections/CorrectionButtons';
import { CustomerReturns } from '../corrections/CustomerReturns';
import { HistoryPanel } from '../audit/HistoryPanel';
import { ReturnedNotice } from '../corrections/ReturnedNotice';
import { BackLink, Fact, ListHistory, type HistoryStep } from '../incoming/ListHistory';
import { StatusText } from '../incoming/WorkflowListParts';
import { readSession } from '../providers/session';
import { outgoingApi, type OutgoingList } from './api';
import { CustomerLink } from './CustomerDialog';
import { OutgoingLines } from './OutgoingLines';
import { OutgoingSteps } from './OutgoingSteps';
import { StockPicker } from './StockPicker';

/** Who created, submitted, verified, approved and delivered (or cancelled) the list, and when; '–' for a step not taken. */
const historyOf = (list: OutgoingList): HistoryStep[] => [
  { label: 'outgoing.history_steps.created', by: list.created_by, at: list.createdAt },
  { label: 'outgoing.history_steps.submitted', by: list.submitted_by, at: list.submittedAt },
  { label: 'outgoing.history_steps.verified', by: list.verified_by, at: list.verifiedAt },
  { label: 'outgoing.history_steps.approved', by: list.approved_by, at: list.approvedAt },
  { label: 'outgoing.history_steps.delivered', by: list.outgoing_delivery_overseen_by, at: list.outgoing_delivered_on },
  ...(list.cancelledAt ? [{ label: 'outgoing.history_steps.cancelled', by: list.cancelled_by, at: list.cancelledAt }] : []),
];

const BACK = <BackLink to="/sales/outgoing" label="outgoing.back" />;

/**
 * /sales/outgoing/{id}: GIN, Status, the customer (popup), FS number and warehouse, the role's
 * workflow button, documents after delivery, a toggle between the draft view and the add-product
 * view (adding switches back), its customer returns with their credit notes, then the
 * approval history and every remark and the list's change history.
 */
export const OutgoingListDetail = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const { list, act } = useWorkflowList(id, outgoingApi.one);
  const [picking, setPicking] = useState(false);
  const role = readSession()?.role;
  if (!list) return <>{BACK}<PageTitle title="outgoing.detail_title" /></>;
  const editable = mayEditLines(OUTGOING_FLOW, role, list.status);
  return (
    <Box>
      {BACK}
      <PageTitle title="outgoing.detail_title" />
      <Card>
        <CardContent>
          <ReturnedNotice returned={list.returned} />
          <Box sx={{ display: 'flex', gap: 4, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Fact label="outgoing.gin" testId="list-gin">{list.gin}</Fact>
            <Fact label="outgoing.status" testId="list-status"><StatusText kind="outgoing" status={list.status} /></Fact>
            <Fact label="outgoing.customer" testId="list-customer">
              <CustomerLink customer={list.customer} /> {list.customer.phone_no.length > 0 && `(${list.customer.phone_no.map(formatPhone).join(', ')})`}
            </Fact>
            <Fact label="outgoing.fs_number" testId="list-fs">{list.fs_number || '–'}</Fact>
            <Fact label="outgoing.warehouse" testId="list-warehouse">{list.warehouse.name}</Fact>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <OutgoingSteps list={list} role={role} onStep={(step, remark, success, key) => act(() => outgoingApi.step(step, list._id, remark, key), success)} />
            <CorrectionButtons
              allowed={correctionsFor(OUTGOING_FLOW, role, list.status)}
              onCorrect={(c, reason, key) => act(() => outgoingApi.correct(c, list._id, reason, key), `corrections.outgoing.${c === 'return' ? 'returned' : 'cancelled'}`)}
            />
            {editable && (
              <Button variant="outlined" onClick={() => setPicking((p) => !p)}>{translate(picking ? 'outgoing.show_list' : 'outgoing.add_product')}</Button>
            )}
          </Box>
          {linesFrozenFor(OUTGOING_FLOW, role, list.status) && (
            <Alert severity="info" data-testid="lines-locked" sx={{ mb: 2 }}>
              {translate('outgoing.lines_locked', { status: translate(`outgoing.statuses.${list.status}`) })}
            </Alert>
          )}
          {editable && picking ? (
            <StockPicker
              warehouseId={list.warehouse._id}
              onAdd={async (item, entry) => {
                const ok = await act(() => outgoingApi.addLine(list, item, entry), 'outgoing.line_added');
                if (ok) setPicking(false);
                return ok;
              }}
            />
          ) : (
            <OutgoingLines
              lines={list.inventory_list}
              editable={editable}
              onUpdate={(lineId, entry) => act(() => outgoingApi.updateLine(list._id, lineId, entry), 'outgoing.line_updated')}
              onRemove={(lineId) => act(() => outgoingApi.removeLine(list._id, lineId), 'outgoing.line_removed')}
            />
          )}
        </CardContent>
      </Card>
      <CustomerReturns
        list={list} role={role}
        onReturn={(lines, reason, key) => act(() => outgoingApi.customerReturn(list._id, lines, reason, key), 'corrections.customer_return.recorded')}
      />
      <ListHistory steps={historyOf(list)} remarks={list.remarks} />
      <HistoryPanel entity="outgoing_list" id={list._id} refreshOn={list} />
    </Box>
  );
};
