import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link as MuiLink, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatPhone } from '../common/format';
import type { ListCustomer } from './api';

/** The customer popup: full name, email, phone, company and address. */
const CustomerDialog = ({ customer, onClose }: { customer: ListCustomer; onClose: () => void }) => {
  const translate = useTranslate();
  const rows: [string, string][] = [
    ['full_name', customer.name],
    ['email', customer.email],
    ['phone', customer.phone_no.map(formatPhone).join(', ')],
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

/** The customer's name as a link-styled button opening {@link CustomerDialog} (the Customer column is clickable). */
export const CustomerLink = ({ customer }: { customer: ListCustomer }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <MuiLink component="button" onClick={() => setOpen(true)} sx={{ textAlign: 'left' }}>{customer.name}</MuiLink>
      {open && <CustomerDialog customer={customer} onClose={() => setOpen(false)} />}
    </>
  );
};
