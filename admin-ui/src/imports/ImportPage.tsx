import { Alert, Box } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { can, IMPORT_KINDS, IMPORT_PERMISSION } from '@inventory/common';
import { PageTitle } from '../common/PageTitle';
import { errorMessage } from '../providers/httpClient';
import { readSession } from '../providers/session';
import type { ImportView } from './api';
import { ImportHistory } from './ImportHistory';
import { ImportPreview } from './ImportPreview';
import { ImportUpload } from './ImportUpload';
import { useImportProgress } from './useImportProgress';
import { useReadImport } from './useReadImport';

/**
 * /import (admin, warehouseAdmin, sales, finance): upload a file of a kind the role may
 * import, map its columns, review the preview and commit it; below, the history of imports, each
 * opened above by a click and reverted from its row.
 */
export const ImportPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const readImport = useReadImport();
  const session = readSession();
  const kinds = IMPORT_KINDS.filter((k) => can(session?.role, IMPORT_PERMISSION[k]));
  const [view, setView] = useState<ImportView | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const status = view?.status;
  // the history shows every new import and each change of status (committed, reverted)
  useEffect(() => {
    if (status) refresh();
  }, [status, view?._id, refresh]);
  useImportProgress(view, useCallback((next: ImportView) => setView(next), []));
  const open = (id: string) => {
    readImport(id).then((v) => {
      setView(v);
      top.current?.scrollIntoView?.({ behavior: 'smooth' });
    }, (e: unknown) => notify(errorMessage(e), { type: 'error' }));
  };
  return (
    <Box ref={top}>
      <PageTitle title="imports.title" />
      {kinds.length > 0
        ? <ImportUpload kinds={kinds} ownWarehouse={session?.warehouse ?? null} onPreview={setView} />
        : <Alert severity="info">{translate('imports.no_kinds')}</Alert>}
      {view && <ImportPreview view={view} onChange={setView} />}
      <ImportHistory kinds={kinds} onOpen={open} onReverted={(next) => setView((v) => (v?._id === next._id ? next : v))} />
    </Box>
  );
};
