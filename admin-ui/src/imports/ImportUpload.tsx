import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, LinearProgress, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { IMPORT_NEEDS_WAREHOUSE, type ImportKind } from '@inventory/common';
import { errorMessage } from '../providers/httpClient';
import { importsApi, type ImportView } from './api';
import { autoMapping, mergeHeaders, readCsvHeaders } from './fileHeaders';
import { ImportMapping } from './ImportMapping';
import { ImportSettings } from './ImportSettings';

/** The kinds whose rows may name records that do not exist yet (options.create_missing). */
const CREATES_MISSING: readonly ImportKind[] = ['products', 'sales_history'];

interface ImportUploadProps {
  /** The kinds the user's role may import (at least one). */
  kinds: readonly ImportKind[];
  ownWarehouse: string | null;
  /** The new preview, or null when the choices changed and the shown preview no longer applies. */
  onPreview: (view: ImportView | null) => void;
}

/**
 * The upload step: kind, warehouse, templates, file, options, Preview; then the column
 * mapping, prefilled from the server's answer (or the CSV's header line when the server refused
 * it), each change checking the file again with the `mapping` sent.
 */
export const ImportUpload = ({ kinds, ownWarehouse, onPreview }: ImportUploadProps) => {
  const translate = useTranslate();
  const [kind, setKind] = useState<ImportKind>(kinds[0]);
  const [warehouse, setWarehouse] = useState(ownWarehouse ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<Record<string, string> | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [createMissing, setCreateMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const needsWarehouse = IMPORT_NEEDS_WAREHOUSE.includes(kind);
  const creates = CREATES_MISSING.includes(kind);

  /** Whatever changed, the shown preview and mapping no longer apply. */
  const reset = () => {
    setMapping(null);
    setError(null);
    onPreview(null);
  };
  const send = async (chosen?: Record<string, string>) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const options = { ...(skipInvalid ? { skip_invalid: true } : {}), ...(creates && createMissing ? { create_missing: true } : {}) };
      const view = await importsApi.upload({ file, kind, warehouse: needsWarehouse ? warehouse : undefined, mapping: chosen, options });
      setHeaders((h) => mergeHeaders(h, Object.values(view.mapping)));
      setMapping(view.mapping);
      onPreview(view);
    } catch (e) {
      setError(errorMessage(e));
      setMapping(chosen ?? (headers.length ? autoMapping(kind, headers) : null));
      onPreview(null);
    } finally {
      setBusy(false);
    }
  };
  const choose = async (f: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!f) return;
    reset();
    setFile(f);
    setHeaders(await readCsvHeaders(f));
  };
  const option = (set: (v: boolean) => void) => (_: unknown, checked: boolean) => {
    set(checked);
    reset();
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>{translate('imports.upload_title')}</Typography>
        <ImportSettings
          kinds={kinds} kind={kind} warehouse={warehouse} ownWarehouse={ownWarehouse} disabled={busy}
          onKind={(k) => { setKind(k); reset(); }} onWarehouse={(w) => { setWarehouse(w); reset(); }}
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>
          <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={busy}>
            {translate('imports.choose_file')}
            <input ref={input} hidden type="file" accept=".csv,.gz,.xlsx" aria-label={translate('imports.file_label')} onChange={(e) => void choose(e.target.files?.[0])} />
          </Button>
          <Typography data-testid="import-file-name" color={file ? 'text.primary' : 'text.secondary'}>{file?.name ?? translate('imports.no_file')}</Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }}>
          <FormControlLabel control={<Checkbox checked={skipInvalid} onChange={option(setSkipInvalid)} />} label={translate('imports.skip_invalid')} />
          {creates && <FormControlLabel control={<Checkbox checked={createMissing} onChange={option(setCreateMissing)} />} label={translate('imports.create_missing')} />}
        </Box>
        <Button variant="contained" sx={{ mt: 1 }} disabled={busy || !file || (needsWarehouse && !warehouse)} onClick={() => void send(mapping ?? undefined)}>
          {translate('imports.preview')}
        </Button>
        {busy && <Box sx={{ mt: 2 }}><Typography variant="body2">{translate('imports.checking')}</Typography><LinearProgress /></Box>}
        {error && <Alert severity="error" sx={{ mt: 2 }} data-testid="import-upload-error">{translate(error, { _: error })}</Alert>}
        {mapping && <ImportMapping kind={kind} headers={headers} mapping={mapping} disabled={busy} onChange={(m) => { setMapping(m); void send(m); }} />}
      </CardContent>
    </Card>
  );
};
