import { Card, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { ListContextProvider, Pagination, ResourceContextProvider, useList, useNotify, useTranslate, type SortPayload } from 'react-admin';
import { PageTitle } from '../common/PageTitle';
import { errorMessage } from '../providers/httpClient';
import { reportApi, type ReportFilter, type ReportSort, type ValuationReport as Report } from './api';
import { ReportFilters } from './ReportFilters';
import { TotalsContext, ValuationTable, type ValuationRecord } from './ValuationTable';

/** No sort: the report's own order (warehouse, category, product name). */
const REPORT_ORDER: SortPayload = { field: '', order: 'ASC' };

const apiSort = ({ field, order }: SortPayload): ReportSort => (field ? { sort: field, order: order === 'DESC' ? 'desc' : 'asc' } : {});

/**
 * /report (spec 2 Asset valuation report, issue 13): the filters with 'Filter Report' and 'Download
 * Excel' (report_YYYY-MM-DD.XLSX, the report's own order), and the rows as a react-admin list: the
 * report comes as one array (POST /api/reports/asset/valuations), sorted on the server by a header
 * click, paged in the browser (10 per page) with the totals of the whole report. `valuations` names
 * these rows for react-admin (store keys, access checks); it is no dataProvider resource.
 */
export const ValuationReport = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [report, setReport] = useState<Report>();
  const [filter, setFilter] = useState<ReportFilter>({});
  const [sort, setSort] = useState<SortPayload>(REPORT_ORDER);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    let current = true;
    reportApi.valuations({ ...filter, ...apiSort(sort) }).then(
      (r) => current && setReport(r),
      (e: unknown) => notify(errorMessage(e), { type: 'error' }),
    );
    return () => { current = false; };
  }, [filter, sort, notify]);

  const rows = useMemo<ValuationRecord[]>(() => (report?.valuations ?? []).map((v) => ({ ...v, id: v._id })), [report]);
  const list = useList<ValuationRecord>({ data: rows, isPending: !report, perPage: 10 });
  const { setPage } = list;
  // the list pages in the browser; its sort is the server's (a new sort reloads the report)
  const context = { ...list, resource: 'valuations', sort, setSort: (s: SortPayload) => { setSort(s); setPage(1); } };

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
      <PageTitle title="report.title" />
      <ReportFilters onFilter={(f) => { setFilter(f); setPage(1); }} onDownload={(f) => void download(f)} downloading={downloading} />
      {report ? (
        <ResourceContextProvider value="valuations">
          <ListContextProvider value={context}>
            {/* scrolls sideways inside the card: the page never grows wider than the window */}
            <Card sx={{ width: 0, minWidth: '100%', overflowX: 'auto' }}>
              <TotalsContext.Provider value={report.totals}>
                <ValuationTable />
              </TotalsContext.Provider>
              <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />
            </Card>
          </ListContextProvider>
        </ResourceContextProvider>
      ) : (
        <Typography color="text.secondary">{translate('report.loading')}</Typography>
      )}
    </>
  );
};
