import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TablePager, type Paging } from '../common/TablePager';
import type { Transaction } from './api';

const HEADS = ['product', 'details', 'type', 'ref', 'quantity'];

/** Dates in a long format (spec 9), e.g. 'November 22, 2026 at 2:16 AM'. */
export const longDate = (iso: string): string => new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });

const Line = ({ children }: { children: React.ReactNode }) => <Typography variant="body2" component="div">{children}</Typography>;

const Details = ({ tx }: { tx: Transaction }) => {
  const translate = useTranslate();
  const t = (k: string) => translate(`transactions.${k}`);
  return (
    <>
      <Line>{longDate(tx.transaction_date)}</Line>
      <Line>{`${t('by')}: ${tx.user.first_name} ${tx.user.last_name}`}</Line>
      {tx.customer && <Line>{`${t('to')}: ${tx.customer.name} (${tx.customer.phone_no.map((p) => `+251 ${p}`).join(', ')})`}</Line>}
      {tx.taken_by && <Line>{`${t('taken_by')}: ${tx.taken_by}`}</Line>}
      <Line>{tx.warehouse.name}</Line>
    </>
  );
};

const Row = ({ tx }: { tx: Transaction }) => {
  const translate = useTranslate();
  const incoming = tx.transaction_type === 'incoming';
  return (
    <TableRow data-testid="transaction-row">
      <TableCell>
        <Line><strong>{tx.product.name}</strong></Line>
        <Line>{`${translate('transactions.code')}: ${tx.product.code}`}</Line>
        <Line>{tx.product.category.name}</Line>
      </TableCell>
      <TableCell><Details tx={tx} /></TableCell>
      <TableCell>
        <Chip size="small" color={incoming ? 'success' : 'warning'} label={translate(`transactions.${tx.transaction_type}`)} />
      </TableCell>
      <TableCell>{incoming ? `GRN: ${tx.grn ?? ''}` : `GIN: ${tx.gin ?? ''}`}</TableCell>
      <TableCell>{tx.quantity.map((q) => <Line key={q.name}>{`${q.value} : ${q.name}`}</Line>)}</TableCell>
    </TableRow>
  );
};

/** The Transaction Range table (spec 2): Product, Transaction Details, Type, Ref (GRN/GIN), Quantity; paginated. */
export const TransactionTable = ({ rows, total, paging }: { rows: Transaction[]; total: number; paging: Paging }) => {
  const translate = useTranslate();
  return (
    <>
      <Table size="small">
        <TableHead>
          <TableRow>{HEADS.map((h) => <TableCell key={h}>{translate(`transactions.${h}`)}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.map((tx) => <Row key={tx._id} tx={tx} />)}
          {rows.length === 0 && <TableRow><TableCell colSpan={HEADS.length}>{translate('transactions.no_rows')}</TableCell></TableRow>}
        </TableBody>
      </Table>
      <TablePager total={total} paging={paging} />
    </>
  );
};
