import UndoIcon from '@mui/icons-material/Undo';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement } from 'react';
import { DataTable, FilterButton, List, SelectInput, SimpleList, TopToolbar, useTranslate, type Identifier } from 'react-admin';
import { can, IMPORT_PERMISSION, IMPORT_STATUSES, type ImportKind } from '@inventory/common';
import { ConfirmButton } from '../common/ConfirmButton';
import { formatDateTime } from '../common/format';
import { ServerExportButton } from '../common/ServerExportButton';
import { usePhoneFilters } from '../common/usePhoneFilters';
import { LIST_SX, personName } from '../incoming/WorkflowListParts';
import { LIST_PAGINATION, NoRows } from '../inventory/listParts';
import { bodyWithRowTestId } from '../inventory/rowTestId';
import { readSession } from '../providers/session';
import { importsApi, type ImportRecord, type ImportView } from './api';

const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;
const ImportBody = bodyWithRowTestId('import-row');
const STATUS_CHOICES = IMPORT_STATUSES.map((id) => ({ id, name: `imports.statuses.${id}` }));

/** Kind and status filters; behind Filters below 600 px. */
function useImportFilters(kinds: readonly ImportKind[]): ReactElement[] {
  return usePhoneFilters([
    <SelectInput key="kind" source="kind" label="imports.kind_column" choices={kinds.map((id) => ({ id, name: `imports.kinds.${id}` }))} emptyText="imports.all" helperText={false} sx={{ minWidth: 180 }} alwaysOn />,
    <SelectInput key="status" source="status" label="imports.status" choices={STATUS_CHOICES} emptyText="imports.all" helperText={false} sx={{ minWidth: 180 }} alwaysOn />,
  ]);
}

/** Revert (with a confirm) for a committed import of a kind the user may import; a refusal (409) shows the server's message. */
const RevertAction = ({ record, onReverted }: { record: ImportRecord; onReverted: (view: ImportView) => void }) =>
  record.status === 'committed' && can(readSession()?.role, IMPORT_PERMISSION[record.kind]) ? (
    <Box onClick={(e) => e.stopPropagation()}>
      <ConfirmButton label="imports.revert" icon={<UndoIcon />} question="imports.revert_question" success="imports.reverted_ok" color="error" run={() => importsApi.revert(record._id).then(onReverted)} />
    </Box>
  ) : null;

interface HistoryProps {
  /** A row's click: show that import above. */
  onOpen: (id: string) => void;
  /** An import was reverted (the page updates it when shown). */
  onReverted: (view: ImportView) => void;
}

/** Number, Kind, File, Status, Rows, Errors, Created by, Created at, Revert; one item per import below 600 px. */
const ImportTable = ({ onOpen, onReverted }: HistoryProps) => {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const open = (id: Identifier) => {
    onOpen(String(id));
    return false as const;
  };
  const kind = (i: ImportRecord) => translate(`imports.kinds.${i.kind}`);
  const status = (i: ImportRecord) => translate(`imports.statuses.${i.status}`);
  const empty = <NoRows message="imports.no_rows" />;
  if (phone) {
    return (
      <SimpleList<ImportRecord>
        primaryText={(i) => `${i.number} · ${kind(i)} · ${status(i)}`}
        secondaryText={(i) => `${i.file_name} · ${i.rows} ${translate('imports.rows')}`}
        tertiaryText={(i) => formatDateTime(i.createdAt)}
        rowClick={open}
        empty={empty}
      />
    );
  }
  return (
    <DataTable bulkActionButtons={false} rowClick={open} body={ImportBody} empty={empty} aria-label={translate('imports.history_title')}>
      <DataTable.Col label="imports.number" render={(i: ImportRecord) => i.number} />
      <DataTable.Col label="imports.kind_column" render={kind} />
      <DataTable.Col label="imports.file" render={(i: ImportRecord) => i.file_name} />
      <DataTable.Col label="imports.status" render={status} />
      <DataTable.NumberCol label="imports.rows" source="rows" />
      <DataTable.NumberCol label="imports.errors" source="error_count" />
      <DataTable.Col label="imports.created_by" render={(i: ImportRecord) => personName(i.created_by)} />
      <DataTable.Col label="imports.created" render={(i: ImportRecord) => formatDateTime(i.createdAt)} />
      <DataTable.Col label="app.actions" render={(i: ImportRecord) => <RevertAction record={i} onReverted={onReverted} />} />
    </DataTable>
  );
};

/**
 * The import history: the imports of the kinds the user may import, newest first, paged on
 * the server; a row opens it above. Export and Excel download the server's file of the filtered
 * history (GET /api/imports/export).
 */
export const ImportHistory = ({ kinds, onOpen, onReverted }: HistoryProps & { kinds: readonly ImportKind[] }) => {
  const translate = useTranslate();
  const filters = useImportFilters(kinds);
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">{translate('imports.history_title')}</Typography>
      <List
        resource="imports" storeKey={false} disableSyncWithLocation title={false} sx={LIST_SX} perPage={10} exporter={false} empty={false}
        sort={NEWEST_FIRST} filters={filters} pagination={LIST_PAGINATION}
        actions={<TopToolbar sx={{ flexWrap: 'wrap' }}><FilterButton disableSaveQuery /><ServerExportButton /></TopToolbar>}
      >
        <ImportTable onOpen={onOpen} onReverted={onReverted} />
      </List>
    </Box>
  );
};
