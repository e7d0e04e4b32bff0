import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { can } from '@inventory/common';
import { HistoryPanel } from '../audit/HistoryPanel';
import { formatDateTime } from '../common/format';
import { PageTitle } from '../common/PageTitle';
import { useWorkflowList } from '../common/useWorkflowList';
import { BackLink, Fact, ListHistory, type HistoryStep, type Remark } from '../incoming/ListHistory';
import { personName } from '../incoming/WorkflowListParts';
import { readSession } from '../providers/session';
import { ADJUSTMENTS_PATH, adjustmentsApi, decidable, quantityText, type Adjustment } from './api';
import { ReasonText, StatusText } from './AdjustmentParts';
import { DecisionButtons } from './DecisionButtons';

const BACK = <BackLink to={ADJUSTMENTS_PATH} label="adjustments.back" />;

/** Requested, then approved or rejected ('–' while pending), by whom and when. */
const stepsOf = (a: Adjustment): HistoryStep[] => [
  { label: 'adjustments.history_steps.requested', by: a.created_by, at: a.createdAt },
  { label: `adjustments.history_steps.${a.status === 'pending_approval' ? 'decided' : a.status}`, by: a.decided_by, at: a.decidedAt },
];

/** The request's remark, then the decision's (an approval's optional remark, a rejection's reason). */
const remarksOf = (a: Adjustment): Remark[] => [
  ...(a.created_by && a.remark ? [{ content: a.remark, remark_by: a.created_by, createdAt: a.createdAt }] : []),
  ...(a.decided_by && a.decidedAt && a.decision_remark ? [{ content: a.decision_remark, remark_by: a.decided_by, createdAt: a.decidedAt }] : []),
];

/**
 * /adjustments/{id}: the stock record's product and warehouse, the signed quantity, the
 * reason and status, who asked and who decided, when and with which remarks; while it is pending,
 * finance's Approve (posts it through the stock ledger) and Reject (with a reason); then the
 * adjustment's change history.
 */
export const AdjustmentDetail = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const { list: adjustment, act } = useWorkflowList(id, adjustmentsApi.one);
  const role = readSession()?.role;
  if (!adjustment) return <>{BACK}<PageTitle title="adjustments.detail_title" /></>;
  const a = adjustment;
  return (
    <Box>
      {BACK}
      <PageTitle title="adjustments.detail_title" />
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 4, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Fact label="adjustments.status" testId="adjustment-status"><StatusText status={a.status} /></Fact>
            <Fact label="adjustments.product" testId="adjustment-product">{`${a.product.name} (${a.product.code})`}</Fact>
            <Fact label="adjustments.warehouse" testId="adjustment-warehouse">{a.warehouse.name}</Fact>
            <Fact label="adjustments.quantity" testId="adjustment-quantity">{quantityText(a.quantity)}</Fact>
            <Fact label="adjustments.reason" testId="adjustment-reason"><ReasonText reason={a.reason} /></Fact>
          </Box>
          <Box sx={{ display: 'flex', gap: 4, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Fact label="adjustments.requested_by" testId="adjustment-requested">
              {`${personName(a.created_by) || '–'} · ${formatDateTime(a.createdAt)}`}
            </Fact>
            {a.status !== 'pending_approval' && (
              <Fact label="adjustments.decided_by" testId="adjustment-decided">{`${personName(a.decided_by) || '–'} · ${formatDateTime(a.decidedAt)}`}</Fact>
            )}
          </Box>
          {decidable(can(role, 'adjustments.approve'), a) ? (
            <DecisionButtons
              onDecide={(decision, remark, key) =>
                decision === 'approve'
                  ? act(() => adjustmentsApi.approve(a._id, remark, key), 'adjustments.approved_ok')
                  : act(() => adjustmentsApi.reject(a._id, remark, key), 'adjustments.rejected_ok')
              }
            />
          ) : (
            a.status === 'pending_approval' && <Typography color="text.secondary">{translate('adjustments.awaiting_finance')}</Typography>
          )}
        </CardContent>
      </Card>
      <ListHistory steps={stepsOf(a)} remarks={remarksOf(a)} />
      <HistoryPanel entity="adjustment" id={a._id} refreshOn={a} />
    </Box>
  );
};
