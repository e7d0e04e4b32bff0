import DownloadIcon from '@mui/icons-material/GetApp';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { errorMessage, saveBlob } from '../providers/httpClient';
import { useAppDataProvider } from '../providers/useAppDataProvider';

/**
 * The list toolbar's Export and Excel buttons: download the server's CSV or xlsx export of
 * the surrounding list's resource with its current filters and sort (dataProvider.exportList), named
 * by the server (`staff_YYYY-MM-DD.csv`). The server exports active records only, so the buttons are
 * disabled while the list shows removed ones. Failures (403, unreachable server) show the server's message.
 */
export const ServerExportButton = () => (
  <>
    <FormatButton format="csv" label="app.export" />
    <FormatButton format="xlsx" label="app.export_xlsx" />
  </>
);

const FormatButton = ({ format, label }: { format: 'csv' | 'xlsx'; label: string }) => {
  const list = useListContext();
  const { filterValues, sort, total } = list;
  // a client-side list (useList: the categories) names its resource in the ResourceContext only
  const resource = useResourceContext({ resource: list.resource });
  const dp = useAppDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    if (!resource) return;
    setBusy(true);
    try {
      const { blob, filename } = await dp.exportList(resource, { filter: filterValues ?? {}, sort, format });
      saveBlob(blob, filename);
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small" startIcon={<DownloadIcon />} onClick={onClick}
      disabled={!resource || busy || total === 0 || filterValues?.status === 'removed'}
    >
      {translate(label)}
    </Button>
  );
};
