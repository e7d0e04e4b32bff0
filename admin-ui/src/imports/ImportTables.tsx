import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { IMPORT_COLUMNS } from '@inventory/common';
import { ScrollRegion } from '../incoming/ScrollRegion';
import { errorMessage } from '../providers/httpClient';
import { importsApi, type ImportView } from './api';

/** How many error rows the page lists; the CSV download holds them all. */
const ERRORS_SHOWN = 100;

/** A sample cell as text: lists joined with "; ", objects (specifications) as JSON. */
const cellText = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cellText).join('; ');
  return typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean);
};

/** The first mapped rows of the file, one column per mapped target field, headed by the field's template header. */
export const SampleTable = ({ view }: { view: ImportView }) => {
  const translate = useTranslate();
  const sample = view.sample ?? [];
  const columns = IMPORT_COLUMNS[view.kind].filter((c) => c.field in view.mapping);
  if (!sample.length) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3">{translate('imports.sample_title')}</Typography>
      <ScrollRegion label={translate('imports.sample_title')} maxHeight={360}>
        <Table size="small" stickyHeader aria-label={translate('imports.sample_title')}>
          <TableHead><TableRow>{columns.map((c) => <TableCell key={c.field}>{c.header}</TableCell>)}</TableRow></TableHead>
          <TableBody>
            {sample.map((row, i) => (
              <TableRow key={i} data-testid="import-sample-row">{columns.map((c) => <TableCell key={c.field}>{cellText(row[c.field])}</TableCell>)}</TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Box>
  );
};

/** The rows with errors (row, column, message; the first {@link ERRORS_SHOWN}) and "Download errors (CSV)" for all of them. */
export const ErrorsTable = ({ view }: { view: ImportView }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const errors = (view.errors ?? []).slice(0, ERRORS_SHOWN);
  if (!view.error_count) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3">{translate('imports.errors_title')}</Typography>
        <Button size="small" variant="outlined" onClick={() => importsApi.errors(view).catch((e: unknown) => notify(errorMessage(e), { type: 'error' }))}>
          {translate('imports.download_errors')}
        </Button>
      </Box>
      {view.error_count > errors.length && <Typography variant="body2" color="text.secondary">{translate('imports.errors_shown', { shown: errors.length, total: view.error_count })}</Typography>}
      <ScrollRegion label={translate('imports.errors_title')} maxHeight={360}>
        <Table size="small" stickyHeader aria-label={translate('imports.errors_title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('imports.row')}</TableCell>
              <TableCell>{translate('imports.column')}</TableCell>
              <TableCell>{translate('imports.message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.map((e, i) => (
              <TableRow key={`${e.row}-${e.column}-${i}`} data-testid="import-error-row">
                <TableCell>{e.row}</TableCell>
                <TableCell>{e.column}</TableCell>
                <TableCell>{e.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Box>
  );
};
