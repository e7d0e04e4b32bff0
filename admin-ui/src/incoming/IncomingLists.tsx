import { Box, Button, Card, MenuItem, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../backend/src/common/auth/permissions';
import { PageTitle } from '../common/PageTitle';
import { errorMessage } from '../providers/httpClient';
import { readSession } from '../providers/session';
import { incomingApi, type IncomingList } from './api';
import { CreateListDialog } from './CreateListDialog';
import { inGroup, type StatusGroup } from './flow';
import { IncomingTable } from './IncomingTable';

interface IncomingListsProps {
  title: string;
  /** Where the row action leads: /singleIncomingList or /pendingIncoming. */
  detailPath: string;
  initialGroup?: StatusGroup;
}

const GROUPS: StatusGroup[] = ['', 'draft', 'pending', 'approved'];

/** A screen of incoming lists with the status dropdown and, for warehouseAdmins, 'Add New Incoming Lists'. */
const IncomingLists = ({ title, detailPath, initialGroup = '' }: IncomingListsProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [lists, setLists] = useState<IncomingList[]>([]);
  const [group, setGroup] = useState<StatusGroup>(initialGroup);
  const [creating, setCreating] = useState(false);
  const mayCreate = can(readSession()?.role, 'incoming.create');

  const load = useCallback(() => {
    incomingApi.all().then(setLists, (e: unknown) => notify(errorMessage(e), { type: 'error' }));
  }, [notify]);
  useEffect(load, [load]);

  return (
    <Box>
      <PageTitle title={title} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          select size="small" label={translate('incoming.status')} value={group} sx={{ minWidth: 200 }}
          onChange={(e) => setGroup(e.target.value as StatusGroup)}
        >
          {GROUPS.map((g) => (
            <MenuItem key={g || 'all'} value={g}>{translate(g ? `incoming.status_group.${g}` : 'incoming.all')}</MenuItem>
          ))}
        </TextField>
        {mayCreate && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {translate('incoming.add')}
          </Button>
        )}
      </Box>
      <Card>
        <IncomingTable lists={lists.filter((l) => inGroup(l.status, group))} detailPath={detailPath} />
      </Card>
      <CreateListDialog open={creating} onClose={() => setCreating(false)} onCreated={(list) => navigate(`${detailPath}/${list._id}`)} />
    </Box>
  );
};

/** /incomingInventory (warehouseAdmin): the lists of the user's warehouse. */
export const IncomingInventory = () => <IncomingLists title="incoming.list_title" detailPath="/singleIncomingList" />;

/** /pendingIncoming (importAdmin, finance): the same columns, opening /pendingIncoming/{id}. */
export const PendingIncoming = () => <IncomingLists title="incoming.pending_title" detailPath="/pendingIncoming" initialGroup="pending" />;
