import { Alert, Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { can, IMPORT_PERMISSION } from '@inventory/common';
import { Fact } from '../incoming/ListHistory';
import { errorMessage } from '../providers/httpClient';
import { readSession } from '../providers/session';
import { importsApi, type ImportView } from './api';
import { ErrorsTable, SampleTable } from './ImportTables';
import { useReadImport } from './useReadImport';

/** The result counts of a committed (or reverted) import, e.g. "Created: 3 · Updated: 1". */
export const ResultCounts = ({ result }: { result: Record<string, unknown> }) => {
  const translate = useTranslate();
  const entries = Object.entries(result).filter(([, n]) => typeof n === 'number');
  // a batched commit that failed names why
  if (typeof result.error === 'string') return <Alert severity="error" sx={{ mt: 2 }} data-testid="import-result">{result.error}</Alert>;
  return (
    <Box data-testid="import-result" sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 2 }}>
      <strong>{translate('imports.result_title')}:</strong>
      {entries.map(([key, n]) => <span key={key}>{`${translate(`imports.result.${key}`, { _: key })}: ${n}`}</span>)}
    </Box>
  );
};

/**
 * Commit, blocked with its reason while rows have errors and skip_invalid is not set. A refused
 * commit (409) reads the import again: the commit's re-check marks the rows that became invalid
 * since the preview (a category, product or customer removed), and they show at once.
 */
const CommitAction = ({ view, onChange }: { view: ImportView; onChange: (view: ImportView) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const readImport = useReadImport();
  const [busy, setBusy] = useState(false);
  const blocked = view.error_count > 0 && !view.options.skip_invalid;
  const commit = async () => {
    setBusy(true);
    try {
      const next = await importsApi.commit(view._id);
      notify(next.status === 'committing' ? 'imports.committing_ok' : 'imports.committed_ok', { type: 'success' });
      onChange(next);
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
      if (e instanceof HttpError && e.status === 409) await readImport(view._id).then(onChange, () => undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Button variant="contained" disabled={busy || blocked} onClick={() => void commit()}>{translate('imports.commit')}</Button>
      {blocked && <Alert severity="warning" sx={{ mt: 1 }} data-testid="import-commit-blocked">{translate('imports.commit_blocked')}</Alert>}
    </Box>
  );
};

/**
 * The preview of an upload: counts, notices, the first mapped rows, the rows with errors;
 * Commit for a previewed import; the progress while it commits in batches; then its result.
 */
export const ImportPreview = ({ view, onChange }: { view: ImportView; onChange: (view: ImportView) => void }) => {
  const translate = useTranslate();
  const mayImport = can(readSession()?.role, IMPORT_PERMISSION[view.kind]);
  const percent = view.rows ? Math.min(100, (100 * view.processed) / view.rows) : 0;
  return (
    <Card sx={{ mt: 2 }} data-testid="import-preview">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate(view.status === 'previewed' ? 'imports.preview_title' : 'imports.details_title')}</Typography>
        <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          <Fact label="imports.number" testId="import-number">{view.number}</Fact>
          <Fact label="imports.kind_column" testId="import-kind">{translate(`imports.kinds.${view.kind}`)}</Fact>
          <Fact label="imports.file" testId="import-file">{view.file_name}</Fact>
          {view.warehouse && <Fact label="imports.warehouse" testId="import-warehouse">{view.warehouse.name}</Fact>}
          <Fact label="imports.status" testId="import-status">{translate(`imports.statuses.${view.status}`)}</Fact>
          <Fact label="imports.rows" testId="import-rows">{view.rows}</Fact>
          <Fact label="imports.to_create" testId="import-to-create">{view.to_create}</Fact>
          <Fact label="imports.to_update" testId="import-to-update">{view.to_update}</Fact>
          <Fact label="imports.errors" testId="import-errors">{view.error_count}</Fact>
        </Box>
        {(view.notices ?? []).map((n) => <Alert key={n} severity="info" sx={{ mt: 2 }}>{n}</Alert>)}
        {view.status === 'committing' && (
          <Box sx={{ mt: 2 }} data-testid="import-progress">
            <LinearProgress variant="determinate" value={percent} aria-label={translate('imports.progress', { processed: view.processed, rows: view.rows })} />
            <Typography variant="body2" sx={{ mt: 0.5 }}>{translate('imports.progress', { processed: view.processed, rows: view.rows })}</Typography>
          </Box>
        )}
        {view.result && <ResultCounts result={view.result} />}
        {view.status === 'previewed' && mayImport && <CommitAction view={view} onChange={onChange} />}
        <SampleTable view={view} />
        <ErrorsTable view={view} />
      </CardContent>
    </Card>
  );
};
