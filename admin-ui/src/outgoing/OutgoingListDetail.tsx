import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PageTitle } from '../common/PageTitle';
import { readSession } from '../providers/session';
import { outgoingApi } from './api';
import { canEditLines } from './flow';
import { OutgoingLines } from './OutgoingLines';
import { OutgoingSteps } from './OutgoingSteps';
import { StatusText } from './OutgoingTable';
import { StockPicker } from './StockPicker';
import { useWorkflowList } from '../common/useWorkflowList';

/**
 * /sales/outgoing/{id}: GIN and Status, the role's workflow button, documents after delivery,
 * and a toggle between the draft view and the add-product view (adding switches back).
 */
export const OutgoingListDetail = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const { list, act } = useWorkflowList(id, outgoingApi.one);
  const [picking, setPicking] = useState(false);
  const role = readSession()?.role;
  if (!list) return <PageTitle title="outgoing.detail_title" />;
  const editable = canEditLines(role, list.status);
  return (
    <Box>
      <PageTitle title="outgoing.detail_title" />
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 4, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography data-testid="list-gin"><strong>{translate('outgoing.gin')}:</strong> {list.gin}</Typography>
            <Typography data-testid="list-status"><strong>{translate('outgoing.status')}:</strong> <StatusText status={list.status} /></Typography>
            <OutgoingSteps list={list} role={role} onStep={(step, remark, success, key) => act(() => outgoingApi.step(step, list._id, remark, key), success)} />
            {editable && (
              <Button variant="outlined" onClick={() => setPicking((p) => !p)}>{translate(picking ? 'outgoing.show_list' : 'outgoing.add_product')}</Button>
            )}
          </Box>
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
    </Box>
  );
};
