import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ListCustomer, OutgoingList } from './api';

/** A list's status as a person reads it. */
export const StatusText = ({ status }: { status: string }) => {
  const translate = useTranslate();
  return <>{translate(`outgoing.statuses.${status}`, { _: status })}</>;
};

/** The customer popup (spec 2): full name, email, phone, company and address. */
const CustomerDialog = ({ customer, onClose }: { customer: ListCustomer; onClose: () => void }) => {
  const translate = useTranslate();
  const rows: [string, string][] = [
    ['full_name', customer.name],
    ['email', customer.email],
    ['phone', customer.phone_no.map((p) => `+251 ${p}`).join(', ')],
    ['company', customer.company],
    ['address', customer.address ?? ''],
  ];
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{translate('outgoing.customer_details')}</DialogTitle>
      <DialogContent>
        {rows.map(([key, value]) => (
          <Typography key={key}><strong>{translate(`outgoing.${key}`)}:</strong> {value}</Typography>
        ))}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{translate('outgoing.close')}</Button></DialogActions>
    </Dialog>
  );
};

const Remarks = ({ list }: { list: OutgoingList }) => (
  <Box>
    {list.remarks.map((r, i) => (
      <Typography key={i} variant="body2"><strong>{`${r.remark_by.first_name} ${r.remark_by.last_name}`}:</strong> {r.content}</Typography>
    ))}
  </Box>
);

const HEADS = ['gin', 'status', 'customer', 'created_by', 'created_at', 'remarks', 'warehouse'];

/** The outgoing lists table (spec 2): GIN, Status, Customer (popup), Created By, Created At, Remarks, Warehouse, action. */
export const OutgoingTable = ({ lists }: { lists: OutgoingList[] }) => {
  const translate = useTranslate();
  const [customer, setCustomer] = useState<ListCustomer | null>(null);
  return (
    <>
      <Table size="small" aria-label={translate('outgoing.list_title')}>
        <TableHead>
          <TableRow>
            {HEADS.map((h) => <TableCell key={h}>{translate(`outgoing.${h}`)}</TableCell>)}
            <TableCell>{translate('app.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lists.length === 0 && <TableRow><TableCell colSpan={8}>{translate('outgoing.no_lists')}</TableCell></TableRow>}
          {lists.map((list) => (
            <TableRow key={list._id} data-testid="outgoing-row">
              <TableCell>{list.gin}</TableCell>
              <TableCell><StatusText status={list.status} /></TableCell>
              <TableCell>
                <MuiLink component="button" onClick={() => setCustomer(list.customer)}>{list.customer.name}</MuiLink>
              </TableCell>
              <TableCell>{list.created_by ? `${list.created_by.first_name} ${list.created_by.last_name}` : ''}</TableCell>
              <TableCell>{new Date(list.createdAt).toLocaleString()}</TableCell>
              <TableCell><Remarks list={list} /></TableCell>
              <TableCell>{list.warehouse.name}</TableCell>
              <TableCell>
                <Tooltip title={translate('outgoing.open')}>
                  <IconButton size="small" color="primary" aria-label={`${translate('outgoing.open')} ${list.gin}`} component={Link} to={`/sales/outgoing/${list._id}`}>
                    <OpenInNewIcon />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {customer && <CustomerDialog customer={customer} onClose={() => setCustomer(null)} />}
    </>
  );
};
