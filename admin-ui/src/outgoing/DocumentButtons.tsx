import DownloadIcon from '@mui/icons-material/Download';
import { Button, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { outgoingApi, type OutgoingList } from './api';

/**
 * The delivery note and invoice downloads of a delivered list. The invoice needs a price on every
 * delivered unit (the server answers 409 otherwise): until then its button is disabled and a
 * visible line names the unpriced products and units, linked to the button for screen readers.
 */
export const DocumentButtons = ({ list }: { list: OutgoingList }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const fetchDoc = (call: () => Promise<void>) => () => void call().catch((e: unknown) => notify(errorMessage(e), { type: 'error' }));
  // as the server names them: the product, and the unit on a line of several units
  const unpriced = list.inventory_list.flatMap((line) =>
    line.quantity
      .filter((q) => !line.unitPrices.some((p) => p.name === q.name))
      .map((q) => `${line.product.name} (${line.product.code})${line.quantity.length > 1 ? ` ${translate('outgoing.per_unit', { unit: q.name })}` : ''}`),
  );
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
          {translate('outgoing.invoice_needs_prices', { names: unpriced.join(', ') })}
        </Typography>
      )}
    </>
  );
};
