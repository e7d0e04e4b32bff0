import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PageTitle } from '../common/PageTitle';
import { readSession } from '../providers/session';
import { incomingApi, type Step } from './api';
import { canEditLines } from './flow';
import { StatusText } from './IncomingTable';
import { LinesTable } from './LinesTable';
import { ProductPicker } from './ProductPicker';
import { StepActions } from './StepActions';
import { useWorkflowList } from '../common/useWorkflowList';

/** One list: GRN, Status, the role's step buttons, 'Add Product' with the picker, and the lines. */
const IncomingListDetail = ({ title, steps }: { title: string; steps: Step[] }) => {
  const translate = useTranslate();
  const { id } = useParams();
  const { list, act } = useWorkflowList(id, incomingApi.one);
  const [picking, setPicking] = useState(false);
  const role = readSession()?.role;
  if (!list) return <PageTitle title={title} />;
  const editable = canEditLines(role, list.status);
  return (
    <Box>
      <PageTitle title={title} />
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 4, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography data-testid="list-grn"><strong>{translate('incoming.grn')}:</strong> {list.grn}</Typography>
            <Typography data-testid="list-status"><strong>{translate('incoming.status')}:</strong> <StatusText status={list.status} /></Typography>
            <StepActions steps={steps} role={role} status={list.status} lines={list.inventory_list.length} onStep={(step, remark, success, key) => act(() => incomingApi.step(step, list._id, remark, key), success)} />
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
    </Box>
  );
};

/** /singleIncomingList/{id} (warehouseAdmin): 'Submit List' on a draft, else 'List is already submitted.'. */
export const SingleIncomingList = () => <IncomingListDetail title="pages.singleIncomingList" steps={['submit']} />;

/** /pendingIncoming/{id}: importAdmin's 'Confirm' and finance's 'Approve' (spec 2 Pending incoming list). */
export const PendingIncomingList = () => {
  const role = readSession()?.role;
  const steps: Step[] = role === 'importAdmin' ? ['confirm'] : role === 'finance' ? ['approve'] : [];
  return <IncomingListDetail title="pages.pendingIncomingList" steps={steps} />;
};
