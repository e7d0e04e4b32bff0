import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TablePagination, TableRow, Paper } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ValuationReport, ValuationRow } from './api';

/** '1234567.50' -> '1,234,567.50' without going through floats (money stays exact). */
export const money = (value: string | null): string =>
  value === null ? '–' : value.replace(/^(-?\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

/** Long date format (spec 9), UTC. */
const longDate = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : '–';

const COLUMNS: { label: string; numeric?: boolean; cell: (r: ValuationRow) => string }[] = [
  { label: 'report.product', cell: (r) => r.productName },
  { label: 'report.code', cell: (r) => r.productCode },
  { label: 'report.category', cell: (r) => r.categoryName },
  { label: 'report.warehouse', cell: (r) => r.warehouseName },
  { label: 'report.quantity', numeric: true, cell: (r) => `${r.quantity.value} ${r.quantity.name}` },
  { label: 'report.purchased_price', numeric: true, cell: (r) => money(r.purchasedPrice) },
  { label: 'report.depreciation_rate', numeric: true, cell: (r) => (r.depreciationRate === null ? '–' : String(r.depreciationRate)) },
  { label: 'report.purchased_date', cell: (r) => longDate(r.purchasedDate) },
  { label: 'report.years', numeric: true, cell: (r) => String(r.years) },
  { label: 'report.current_value', numeric: true, cell: (r) => money(r.currentValue) },
  { label: 'report.valuation', numeric: true, cell: (r) => money(r.valuation) },
];

/** The report table, paged in the browser, with the totals row of the whole report. */
export const ValuationTable = ({ report }: { report: ValuationReport }) => {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const rows = report.valuations.slice(page * perPage, (page + 1) * perPage);
  const t = report.totals;
  return (
    <TableContainer component={Paper}>
      <Table size="small" data-testid="valuation-table">
        <TableHead>
          <TableRow>{COLUMNS.map((c) => <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>{translate(c.label)}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow><TableCell colSpan={COLUMNS.length}>{translate('report.empty')}</TableCell></TableRow>
          )}
          {rows.map((r) => (
            <TableRow key={r._id} data-testid="valuation-row">
              {COLUMNS.map((c) => <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>{c.cell(r)}</TableCell>)}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow data-testid="valuation-totals">
            <TableCell colSpan={5}><strong>{translate('report.total', { count: t.records })}</strong></TableCell>
            <TableCell align="right"><strong>{money(t.purchasedPrice)}</strong></TableCell>
            <TableCell colSpan={3} />
            <TableCell align="right"><strong>{money(t.currentValue)}</strong></TableCell>
            <TableCell align="right"><strong>{money(t.valuation)}</strong></TableCell>
          </TableRow>
        </TableFooter>
      </Table>
      <TablePagination
        component="div"
        count={report.valuations.length}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => { setPerPage(Number(e.target.value)); setPage(0); }}
      />
    </TableContainer>
  );
};
