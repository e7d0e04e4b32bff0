import { Box, Button, Card, CardContent } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { correctionsFor, INCOMING_FLOW, mayEditLines } from '@inventory/common';
import { HistoryPanel } from '../audit/HistoryPanel';
import { PageTitle } from '../common/PageTitle';
import { useWorkflowList } from '../common/useWorkflowList';
import { CorrectionButtons } from '../corrections/CorrectionButtons';
import { ReturnedNotice } from '../corrections/ReturnedNotice';
import { readSession } from '../providers/session';
import { incomingApi, type IncomingList, type Step } from './api';
import { BackLink, Fact, ListHistory, type HistoryStep } from './ListHistory';
import { LinesTable } from './LinesTable';
import { ProductPicker } from './ProductPicker';
import { StepActions } from './StepActions';
import { StatusText } from './WorkflowListParts';

/** Who created, submitted, confirmed and approved the list, and when; who cancelled it. */
const historyOf = (list: IncomingList): HistoryStep[] => [
  { label: 'incoming.history_steps.created', by: list.created_by, at: list.createdAt },
  { label: 'incoming.history_steps.submitted', by: list.submitted_by, at: list.submitted_at },
  { label: 'incoming.history_steps.confirmed', by: list.confirmed_by, at: list.confirmed_at },
  { label: 'incoming.history_steps.approved', by: list.approved_by, at: list.approved_at },
  ...(list.cancelled_at ? [{ label: 'incoming.history_steps.cancelled', by: list.cancelled_by, at: list.cancelled_at }] : []),
];

interface DetailProps {
  title: string;
  steps: Step[];
  /** The list screen of the back link. */
  back: { to: string; label: string };
}

/**
 * One list: the return notice while returned, GRN, Status and Warehouse, the role's step
 * buttons, Return / Cancel List where the role may, 'Add Product' with the picker, the
 * lines, then the approval history and every remark and the list's change history,
 * under a link back to the list screen.
 */
const IncomingListDetail = ({ title, steps, back }: DetailProps) => {
  const translate = useTranslate();
  const { id } = useParams();
  const { list, act } = useWorkflowList(id, incomingApi.one);
  const [picking, setPicking] = useState(false);
  const role = readSession()?.role;
  const backLink = <BackLink to={back.to} label={back.label} />;
  if (!list) return <>{backLink}<PageTitle title={title} /></>;
  const editable = mayEditLines(INCOMING_FLOW, role, list.status);
  return (
    <Box>
      {backLink}
      <PageTitle title={title} />
      <Card>
        <CardContent>
          <ReturnedNotice returned={list.returned} />
          <Box sx={{ display: 'flex', gap: 4, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Fact label="incoming.grn" testId="list-grn">{list.grn}</Fact>
            <Fact label="incoming.status" testId="list-status"><StatusText kind="incoming" status={list.status} /></Fact>
            <Fact label="incoming.warehouse" testId="list-warehouse">{list.warehouse.name}</Fact>
            <StepActions steps={steps} role={role} status={list.status} lines={list.inventory_list.length} onStep={(step, remark, success, key) => act(() => incomingApi.step(step, list._id, remark, key), success)} />
            <CorrectionButtons
              allowed={correctionsFor(INCOMING_FLOW, role, list.status)}
              onCorrect={(c, reason, key) => act(() => incomingApi.correct(c, list._id, reason, key), `corrections.incoming.${c === 'return' ? 'returned' : 'cancelled'}`)}
            />
            {editable && (
              <Button variant="outlined" onClick={() => setPicking((p) => !p)}>
                {translate(picking ? 'incoming.hide_products' : 'incoming.add_product')}
              </Button>
            )}
          </Box>
          {editable && picking && (
            <ProductPicker onAdd={(product, quantity, cost) => act(() => incomingApi.addLine(list._id, product, quantity, cost), 'incoming.updated')} />
          )}
          <LinesTable
            lines={list.inventory_list}
            editable={editable}
            onUpdate={(product, quantity, cost) => act(() => incomingApi.updateLine(list._id, product, quantity, cost), 'incoming.updated')}
            onRemove={(product) => act(() => incomingApi.removeLine(list._id, product), 'incoming.removed')}
          />
        </CardContent>
      </Card>
      <ListHistory steps={historyOf(list)} remarks={list.remarks} />
      <HistoryPanel entity="incoming_list" id={list._id} refreshOn={list} />
    </Box>
  );
};

/** /singleIncomingList/{id} (warehouseAdmin): 'Submit List' on a draft, else 'List is already submitted.'. */
export const SingleIncomingList = () => (
  <IncomingListDetail title="pages.singleIncomingList" steps={['submit']} back={{ to: '/incomingInventory', label: 'incoming.back' }} />
);

/** /pendingIncoming/{id}: importAdmin's 'Confirm' and finance's 'Approve'. */
export const PendingIncomingList = () => {
  const role = readSession()?.role;
  const steps: Step[] = role === 'importAdmin' ? ['confirm'] : role === 'finance' ? ['approve'] : [];
  return <IncomingListDetail title="pages.pendingIncomingList" steps={steps} back={{ to: '/pendingIncoming', label: 'incoming.back_pending' }} />;
};
