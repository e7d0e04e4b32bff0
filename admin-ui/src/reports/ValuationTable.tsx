import { TableCell, TableFooter, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, SimpleList, useTranslate } from 'react-admin';
import { formatCalendarDay } from '../common/format';
import { NoRows } from '../inventory/listParts';
import { bodyWithRowTestId } from '../inventory/rowTestId';
import type { ValuationRow } from './api';
import { useTotals } from './valuationTotals';

/** '1234567.50' -> '1,234,567.50' without going through floats (money stays exact). */
export const money = (value: string | null): string =>
  value === null ? '–' : value.replace(/^(-?\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

/** A report row as react-admin lists it (`id` = the inventory record's `_id`). */
export type ValuationRecord = ValuationRow & { id: string };

const ValuationBody = bodyWithRowTestId('valuation-row');

/** 'Total (N records)' with the sums of valuation, current value and purchased price, under their columns. */
const TotalsFoot = () => {
  const translate = useTranslate();
  const t = useTotals();
  if (!t) return null;
  return (
    <TableFooter>
      <TableRow data-testid="valuation-totals">
        <TableCell colSpan={2}><strong>{translate('report.total', { count: t.records })}</strong></TableCell>
        <TableCell align="right"><strong>{money(t.valuation)}</strong></TableCell>
        <TableCell align="right"><strong>{money(t.currentValue)}</strong></TableCell>
        <TableCell align="right"><strong>{money(t.purchasedPrice)}</strong></TableCell>
        <TableCell colSpan={6} />
      </TableRow>
    </TableFooter>
  );
};

/** The same rows below 600 px, with the totals under them. */
const ValuationCards = () => {
  const translate = useTranslate();
  const t = useTotals();
  return (
    <>
      <SimpleList<ValuationRecord>
        rowClick={false}
        primaryText={(r) => `${r.productName} (${r.productCode})`}
        secondaryText={(r) => `${r.warehouseName} · ${r.categoryName} · ${r.quantity.value} ${r.quantity.name}`}
        tertiaryText={(r) => `${translate('report.valuation')}: ${money(r.valuation)}`}
        empty={<NoRows message="report.empty" />}
      />
      {t && (
        <Typography sx={{ p: 2, fontWeight: 'bold' }} data-testid="valuation-totals">
          {`${translate('report.total', { count: t.records })}: ${translate('report.valuation')} ${money(t.valuation)}`}
        </Typography>
      )}
    </>
  );
};

/**
 * The report rows of the surrounding list context, sortable by a
 * header click (every column the API sorts by: all but Years), with the totals of the whole report
 * (the screen's ValuationTotalsContext) in the footer. The money comes right after the product and
 * its quantity (valuation, current value, purchased price), so a narrow window scrolls away the
 * descriptive columns, never the valuation. Below 600 px a SimpleList.
 */
export const ValuationTable = () => {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) return <ValuationCards />;
  return (
    <DataTable
      bulkActionButtons={false} rowClick={false} body={ValuationBody} foot={TotalsFoot} empty={<NoRows message="report.empty" />}
      aria-label={translate('report.title')} data-testid="valuation-table"
    >
      <DataTable.Col source="productName" label="report.product" />
      <DataTable.Col source="quantity" label="report.quantity" align="right" render={(r: ValuationRecord) => `${r.quantity.value} ${r.quantity.name}`} />
      <DataTable.Col source="valuation" label="report.valuation" align="right" render={(r: ValuationRecord) => money(r.valuation)} />
      <DataTable.Col source="currentValue" label="report.current_value" align="right" render={(r: ValuationRecord) => money(r.currentValue)} />
      <DataTable.Col source="purchasedPrice" label="report.purchased_price" align="right" render={(r: ValuationRecord) => money(r.purchasedPrice)} />
      <DataTable.Col source="productCode" label="report.code" />
      <DataTable.Col source="categoryName" label="report.category" />
      <DataTable.Col source="warehouseName" label="report.warehouse" />
      <DataTable.Col
        source="depreciationRate" label="report.depreciation_rate" align="right"
        render={(r: ValuationRecord) => (r.depreciationRate === null ? '–' : String(r.depreciationRate))}
      />
      <DataTable.Col source="purchasedDate" label="report.purchased_date" render={(r: ValuationRecord) => formatCalendarDay(r.purchasedDate)} />
      <DataTable.Col label="report.years" align="right" render={(r: ValuationRecord) => String(r.years)} />
    </DataTable>
  );
};
