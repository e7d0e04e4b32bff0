import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../backend/src/common/auth/permissions';
import { PageTitle } from '../common/PageTitle';
import { errorMessage } from '../providers/httpClient';
import { readSession } from '../providers/session';
import { outgoingApi, type OutgoingList } from './api';
import { CreateOutgoingDialog } from './CreateOutgoingDialog';
import { OutgoingTable } from './OutgoingTable';

/** /sales/outgoing: every outgoing list the user may see and, for sales, 'Add New Outgoing List'. */
export const OutgoingLists = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [lists, setLists] = useState<OutgoingList[]>([]);
  const [creating, setCreating] = useState(false);
  const mayCreate = can(readSession()?.role, 'outgoing.create');

  const load = useCallback(() => {
    outgoingApi.all().then(setLists, (e: unknown) => notify(errorMessage(e), { type: 'error' }));
  }, [notify]);
  useEffect(load, [load]);

  return (
    <Box>
      <PageTitle title="outgoing.list_title" />
      {mayCreate && (
        <Box sx={{ mb: 2 }}>
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {translate('outgoing.add')}
          </Button>
        </Box>
      )}
      <Card><OutgoingTable lists={lists} /></Card>
      <CreateOutgoingDialog open={creating} onClose={() => setCreating(false)} onCreated={(list) => navigate(`/sales/outgoing/${list._id}`)} />
    </Box>
  );
};
