import NorthEastIcon from '@mui/icons-material/NorthEast';
import SouthWestIcon from '@mui/icons-material/SouthWest';
import { Chip, Link as MuiLink, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable, SimpleList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { allows, ROUTE_ACCESS } from '../access/rules';
import { ADJUSTMENT_REASONS, ADJUSTMENTS_PATH } from '../adjustments/api';
import { formatDateTime, formatPhone } from '../common/format';
import { NoRows } from '../inventory/listParts';
import { QuantityLines, valueFirst } from '../inventory/QuantityLines';
import { can } from '@inventory/common';
import { bodyWithRowTestId } from '../inventory/rowTestId';
import { readSession } from '../providers/session';
import { adjustmentReason, reversible, type TransactionRecord } from './api';
import { ReverseButton } from './ReverseButton';

const TransactionBody = bodyWithRowTestId('transaction-row');

const Line = ({ children }: { children: ReactNode }) => <Typography variant="body2" component="div">{children}</Typography>;

/** `GRN: x` for a receipt, `GIN: x` for an issue; a reversal keeps its original's reference, a customer return its list's GIN. */
const ref = (tx: TransactionRecord): string =>
  (tx.kind === 'reversal' ? tx.grn !== null : tx.kind !== 'customer_return' && tx.transaction_type === 'incoming') ? `GRN: ${tx.grn ?? ''}` : `GIN: ${tx.gin ?? ''}`;

/**
 * The Ref text: an adjustment has no GRN or GIN and names its reason instead
 * (`Reason: Damaged`), every other row its reference.
 */
function useRefText(): (tx: TransactionRecord) => string {
  const translate = useTranslate();
  return (tx) => {
    if (tx.kind === 'transfer_out' || tx.kind === 'transfer_in') return `TRN: ${tx.trn ?? ''}`;
    if (tx.kind === 'count_correction' || tx.kind === 'opening_stock') return tx.remarks ?? '';
    // imported sales history: the invoice number is kept as the GIN
    if (tx.kind === 'history_sale' || tx.kind === 'history_return') return translate('transactions.invoice_ref', { invoice: tx.gin ?? '' });
    if (tx.kind !== 'adjustment') return ref(tx);
    const reason = adjustmentReason(tx) ?? '';
    const code = ADJUSTMENT_REASONS.find((r) => r === reason.toLowerCase());
    return translate('transactions.reason_ref', { reason: code ? translate(`adjustments.reasons.${code}`) : reason || '–' });
  };
}

/** The Ref cell; an adjustment's links to the adjustment's page when the user may open it. */
const RefCell = ({ tx }: { tx: TransactionRecord }) => {
  const translate = useTranslate();
  const text = useRefText()(tx);
  const linked = tx.kind === 'adjustment' && tx.source_id && allows(readSession()?.role, ROUTE_ACCESS['/adjustments/:id']);
  if (!linked) return <>{text}</>;
  return <MuiLink component={Link} to={`${ADJUSTMENTS_PATH}/${tx.source_id}`} title={translate('transactions.open_adjustment')}>{text}</MuiLink>;
};

const ProductCell = ({ tx }: { tx: TransactionRecord }) => {
  const translate = useTranslate();
  return (
    <>
      <Line><strong>{tx.product.name}</strong></Line>
      <Line>{`${translate('transactions.code')}: ${tx.product.code}`}</Line>
      <Line>{tx.product.category.name}</Line>
    </>
  );
};

/** Date and time, who posted it, the customer with their phones, who took the goods, the warehouse. */
const Details = ({ tx }: { tx: TransactionRecord }) => {
  const translate = useTranslate();
  const t = (k: string) => translate(`transactions.${k}`);
  return (
    <>
      <Line>{formatDateTime(tx.transaction_date)}</Line>
      <Line>{`${t('by')}: ${tx.user.first_name} ${tx.user.last_name}`}</Line>
      {tx.customer && <Line>{`${t('to')}: ${tx.customer.name} (${tx.customer.phone_no.map(formatPhone).join(', ')})`}</Line>}
      {tx.taken_by && <Line>{`${t('taken_by')}: ${tx.taken_by}`}</Line>}
      <Line>{tx.warehouse.name}</Line>
    </>
  );
};

/** The type as a chip: its name in the text colour, with a coloured in/out arrow (never colour alone). */
const TypeChip = ({ tx }: { tx: TransactionRecord }) => {
  const translate = useTranslate();
  const incoming = tx.transaction_type === 'incoming';
  return (
    <Chip
      size="small" variant="outlined" label={translate(`transactions.${tx.transaction_type}`)}
      icon={incoming ? <SouthWestIcon color="success" /> : <NorthEastIcon color="warning" />}
    />
  );
};

/**
 * The kind; a reversal names the movement it reverses (its reference), a reversed
 * movement says so, and a warehouseAdmin gets Reverse on a direct receipt or issue not reversed.
 */
const KindCell = ({ tx, mayReverse }: { tx: TransactionRecord; mayReverse: boolean }) => {
  const translate = useTranslate();
  return (
    <>
      <Line>{translate(`transactions.kinds.${tx.kind}`)}</Line>
      {tx.kind === 'reversal' && <Line>{translate('transactions.reversal_of', { ref: ref(tx) })}</Line>}
      {tx.reversed_by && <Line><em>{translate('transactions.reversed')}</em></Line>}
      {mayReverse && reversible(tx) && <ReverseButton tx={tx} />}
    </>
  );
};

/**
 * The Transaction Range rows: Product (name, code, category), Transaction Details (date,
 * by, to with phone, taken by, warehouse), Transaction Type, Kind, Ref (GRN/GIN; an
 * adjustment's reason), Quantity; product,
 * date and type sort on the server by a header click. Below 600 px a SimpleList of the same rows.
 */
export const TransactionTable = () => {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const mayReverse = can(readSession()?.role, 'transactions.reverse');
  const refText = useRefText();
  if (phone) {
    return (
      <SimpleList<TransactionRecord>
        rowClick={false}
        primaryText={(tx) => tx.product.name}
        secondaryText={(tx) => `${formatDateTime(tx.transaction_date)} · ${translate(`transactions.kinds.${tx.kind}`)} · ${refText(tx)}`}
        tertiaryText={(tx) => `${tx.quantities_hidden ? translate('inventory.hidden_during_count') : tx.quantity.map(valueFirst).join(', ')} · ${tx.warehouse.name}`}
        empty={<NoRows message="transactions.no_rows" />}
      />
    );
  }
  return (
    <DataTable bulkActionButtons={false} rowClick={false} body={TransactionBody} empty={<NoRows message="transactions.no_rows" />} aria-label={translate('transactions.title')}>
      <DataTable.Col source="product.name" label="transactions.product" render={(tx: TransactionRecord) => <ProductCell tx={tx} />} />
      <DataTable.Col source="transaction_date" label="transactions.details" render={(tx: TransactionRecord) => <Details tx={tx} />} />
      <DataTable.Col source="transaction_type" label="transactions.type" render={(tx: TransactionRecord) => <TypeChip tx={tx} />} />
      <DataTable.Col label="transactions.kind" render={(tx: TransactionRecord) => <KindCell tx={tx} mayReverse={mayReverse} />} />
      <DataTable.Col label="transactions.ref" render={(tx: TransactionRecord) => <RefCell tx={tx} />} />
      <DataTable.Col label="transactions.quantity" render={(tx: TransactionRecord) => <QuantityLines entries={tx.quantity} hidden={tx.quantities_hidden} />} />
    </DataTable>
  );
};
