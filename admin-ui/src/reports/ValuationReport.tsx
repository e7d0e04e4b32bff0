import { Card, Typography } from '@mui/material';
import { useState } from 'react';
import { ListBase, Pagination, useListContext, useNotify, useTranslate, type SortPayload } from 'react-admin';
import { PageTitle } from '../common/PageTitle';
import { errorMessage } from '../providers/httpClient';
import { reportApi, type ReportFilter } from './api';
import { ReportFilters } from './ReportFilters';
import { ValuationTable, type ValuationRecord } from './ValuationTable';
import { useValuationTotals, ValuationTotalsContext } from './valuationTotals';

/** No sort: the report's own order (warehouse, category, product name). */
const REPORT_ORDER: SortPayload = { field: '', order: 'ASC' };

/**
 * The filters, then the page of rows with the totals and the pager, once the first page came. The
 * totals are asked here, where paging and sorting do not remount anything, once per filter.
 */
const ReportBody = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, filterValues, setFilters } = useListContext<ValuationRecord>();
  const totals = useValuationTotals(filterValues);
  const [downloading, setDownloading] = useState(false);

  const download = async (f: ReportFilter) => {
    setDownloading(true);
    try {
      await reportApi.downloadExcel(f);
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <ReportFilters onFilter={(f) => setFilters({ ...f })} onDownload={(f) => void download(f)} downloading={downloading} />
      {data ? (
        // scrolls sideways inside the card: the page never grows wider than the window
        <Card sx={{ width: 0, minWidth: '100%', overflowX: 'auto' }}>
          <ValuationTotalsContext.Provider value={totals}>
            <ValuationTable />
          </ValuationTotalsContext.Provider>
          <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />
        </Card>
      ) : (
        <Typography color="text.secondary">{translate('report.loading')}</Typography>
      )}
    </>
  );
};

/**
 * /report, the asset valuation report: the filters with 'Filter Report' and 'Download Excel'
 * (report_YYYY-MM-DD.XLSX, every row in the report's order), and the rows as a react-admin list of
 * the `valuations` resource: the server answers one page at a time (10 per page by default),
 * sorted by a header click; the footer shows the totals of every matching row, asked once per
 * filter from their own route.
 */
export const ValuationReport = () => (
  <>
    <PageTitle title="report.title" />
    <ListBase resource="valuations" perPage={10} sort={REPORT_ORDER} disableSyncWithLocation storeKey={false}>
      <ReportBody />
    </ListBase>
  </>
);
