import { Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { PageTitle } from '../common/PageTitle';
import { errorMessage } from '../providers/httpClient';
import { reportApi, type ReportFilter, type ValuationReport as Report } from './api';
import { ReportFilters } from './ReportFilters';
import { ValuationTable } from './ValuationTable';

/** /report (spec 2 Asset valuation report): filters, the table with totals, the Excel download. */
export const ValuationReport = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [report, setReport] = useState<Report>();
  const [downloading, setDownloading] = useState(false);

  const load = useCallback(
    (filter: ReportFilter) => {
      reportApi.valuations(filter).then(setReport, (e: unknown) => notify(errorMessage(e), { type: 'error' }));
    },
    [notify],
  );
  useEffect(() => load({}), [load]);

  const download = async (filter: ReportFilter) => {
    setDownloading(true);
    try {
      await reportApi.downloadExcel(filter);
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <PageTitle title="report.title" />
      <ReportFilters onFilter={load} onDownload={(f) => void download(f)} downloading={downloading} />
      {report ? <ValuationTable report={report} /> : <Typography color="text.secondary">{translate('report.loading')}</Typography>}
    </>
  );
};
