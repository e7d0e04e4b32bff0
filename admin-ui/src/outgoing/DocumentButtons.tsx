import DownloadIcon from '@mui/icons-material/Download';
import { Button, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { outgoingApi, type OutgoingList } from './api';

/**
 * The delivery note and invoice downloads of a delivered list. The invoice needs a unit price on
 * every line (the server answers 409 otherwise, issue 12 point 20): until then its button is
 * disabled and a visible line names the unpriced products, linked to the button for screen readers.
 */
export const DocumentButtons = ({ list }: { list: OutgoingList }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const fetchDoc = (call: () => Promise<void>) => () => void call().catch((e: unknown) => notify(errorMessage(e), { type: 'error' }));
  const unpriced = list.inventory_list.filter((line) => line.unitPrice == null);
  const reasonId = `invoice-reason-${list._id}`;
  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={fetchDoc(() => outgoingApi.deliveryNote(list._id))}>{translate('outgoing.delivery_note')}</Button>
      <Button
        variant="outlined" startIcon={<DownloadIcon />} disabled={unpriced.length > 0} aria-describedby={unpriced.length ? reasonId : undefined}
        onClick={fetchDoc(() => outgoingApi.invoice(list))}
      >
        {translate('outgoing.invoice')}
      </Button>
      {unpriced.length > 0 && (
        <Typography id={reasonId} data-testid="invoice-reason" variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
          {translate('outgoing.invoice_needs_prices', { names: unpriced.map((l) => `${l.product.name} (${l.product.code})`).join(', ') })}
        </Typography>
      )}
    </>
  );
};
