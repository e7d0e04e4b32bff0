import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { IconButton, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import {
  Datagrid, FilterButton, ReferenceInput, SearchInput, SelectArrayInput, SelectInput, SimpleList, TopToolbar, useRecordContext, useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { formatDateTime } from '../common/format';
import { ServerExportButton } from '../common/ServerExportButton';
import { usePhoneFilters } from '../common/usePhoneFilters';
import { readSession } from '../providers/session';
import type { PersonRef } from './api';
import { CalendarDateInput } from '../preferences/CalendarDateInput';

/** The i18n folder of a workflow list screen: `incoming` (GRN) or `outgoing` (GIN). */
export type ListKind = 'incoming' | 'outgoing';

/**
 * Datagrid styles of the workflow lists and pickers: the table scrolls inside its card rather than
 * widening the page, and GRN, GIN and FS numbers stay on one line.
 */
export const TABLE_SX = {
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
  '& .column-grn, & .column-gin, & .column-fs_number': { whiteSpace: 'nowrap' },
} as const;

/** List styles: the list's main column may shrink below its table's width, so the table scrolls instead of the page. */
export const LIST_SX = { '& .RaList-main': { minWidth: 0 } } as const;

/** True below 600 px, where the lists show react-admin's SimpleList instead of the table. */
const useIsPhone = (): boolean => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** A person as `First Last` ('' when none). */
export const personName = (p: PersonRef | null | undefined): string => (p ? `${p.first_name} ${p.last_name}` : '');

/**
 * The filters of the incoming and outgoing list screens: the search box, the statuses
 * (one or several), the warehouse for users who see more than their own, and the created-from and
 * created-to days; collapsed behind the Filters button below 600 px. Their values live in the URL.
 */
export function useWorkflowFilters(kind: ListKind, statuses: readonly string[]): ReactElement[] {
  const translate = useTranslate();
  const ownWarehouse = !!readSession()?.warehouse;
  return usePhoneFilters([
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(`${kind}.search`)} sx={{ minWidth: { sm: 340 } }} />,
    <SelectArrayInput
      key="status" source="status" label={`${kind}.status`} alwaysOn helperText={false} sx={{ minWidth: 200 }}
      choices={statuses.map((s) => ({ id: s, name: `${kind}.statuses.${s}` }))}
    />,
    ...(ownWarehouse
      ? []
      : [
          <ReferenceInput key="warehouse" source="warehouse" reference="warehouses" perPage={100} sort={{ field: 'name', order: 'ASC' }} alwaysOn>
            <SelectInput optionText="name" label={`${kind}.warehouse`} helperText={false} />
          </ReferenceInput>,
        ]),
    <CalendarDateInput key="from" source="from" label={`${kind}.created_from`} alwaysOn />,
    <CalendarDateInput key="to" source="to" label={`${kind}.created_to`} alwaysOn />,
  ]);
}

/** The list toolbar: Filters (phone width), the screen's create button, Export and Excel (server export). */
export const WorkflowListActions = ({ create }: { create?: ReactNode }) => (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    <FilterButton disableSaveQuery />
    {create}
    <ServerExportButton />
  </TopToolbar>
);

interface WorkflowRowsProps {
  kind: ListKind;
  /** The detail page path rows open (`${path}/${id}`). */
  path: string;
  /** The row's first line below 600 px (GRN, or GIN and customer). */
  primaryText: (record: RaRecord) => string;
  /** The Datagrid columns. */
  children: ReactNode;
}

/**
 * The rows of a workflow list: a Datagrid of `children` named after the screen, or below
 * 600 px a SimpleList (`primaryText`, status, created time) whose rows open the detail page; the
 * empty text of the screen ('No incoming lists') either way.
 */
export const WorkflowRows = ({ kind, path, primaryText, children }: WorkflowRowsProps) => {
  const translate = useTranslate();
  const empty = <Typography sx={{ p: 2 }}>{translate(`${kind}.no_lists`)}</Typography>;
  if (useIsPhone()) {
    return (
      <SimpleList
        primaryText={primaryText}
        secondaryText={(r) => <StatusText kind={kind} status={String(r.status)} />}
        tertiaryText={(r) => formatDateTime(r.createdAt as string)}
        rowClick={(id) => `${path}/${id}`}
        empty={empty}
      />
    );
  }
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={empty} sx={TABLE_SX} aria-label={translate(`${kind}.list_title`)}>
      {children}
    </Datagrid>
  );
};

/** A list's status as a person reads it (text, never colour only). */
export const StatusText = ({ kind, status }: { kind: ListKind; status: string }) => {
  const translate = useTranslate();
  return <>{translate(`${kind}.statuses.${status}`, { _: status })}</>;
};

/** Datagrid column of the row's status; `source` and `label` are read by the header (sorting). */
export const StatusColumn = ({ kind }: { kind: ListKind; source: string; label: string }) => {
  const record = useRecordContext();
  return record ? <StatusText kind={kind} status={String(record.status)} /> : null;
};

/** Datagrid column of the row's creation time, "November 23, 2026 at 1:05 PM". */
export const CreatedAtColumn = (_props: { source: string; label: string }) => {
  const record = useRecordContext();
  return record ? <>{formatDateTime(record.createdAt as string)}</> : null;
};

/** Datagrid column of the creator's name. */
export const CreatorColumn = (_props: { label: string }) => {
  const record = useRecordContext();
  return record ? <>{personName(record.created_by as PersonRef | null)}</> : null;
};

/** The newest remark of a row as `First Last: text` (rows carry only the latest one). */
export const LatestRemarkColumn = (_props: { label: string }) => {
  const record = useRecordContext();
  const remark = record?.latest_remark as { content: string; remark_by: PersonRef; createdAt: string } | null | undefined;
  if (!remark) return null;
  return (
    <span title={formatDateTime(remark.createdAt)}>
      <strong>{personName(remark.remark_by)}:</strong> {remark.content}
    </span>
  );
};

/** Router state of a detail page opened from a list: the list's path and query, for the back link. */
export interface FromList {
  back: string;
}

/**
 * The row action opening the list's detail page, named after its GRN or GIN for screen readers;
 * it hands the list's URL (with its filters, sort and page) to the detail page's back link.
 */
export const OpenAction = ({ kind, path, code }: { kind: ListKind; path: string; code: (r: RaRecord) => string; label: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const { pathname, search } = useLocation();
  if (!record) return null;
  const state: FromList = { back: `${pathname}${search}` };
  const name = `${translate(`${kind}.open`)} ${code(record)}`;
  return (
    <Tooltip title={translate(`${kind}.open`)}>
      <IconButton size="small" color="primary" aria-label={name} component={Link} to={`${path}/${record.id}`} state={state}>
        <OpenInNewIcon />
      </IconButton>
    </Tooltip>
  );
};
