import { Box, Link as MuiLink, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable, FilterButton, List, SimpleList, TopToolbar, useListContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../common/format';
import { CappedNotice } from '../common/CappedNotice';
import { PageTitle } from '../common/PageTitle';
import { ServerExportButton } from '../common/ServerExportButton';
import { usePhoneFilters } from '../common/usePhoneFilters';
import { DEBOUNCE_MS, LIST_PAGINATION, NoRows } from '../inventory/listParts';
import { bodyWithRowTestId } from '../inventory/rowTestId';
import { readSession } from '../providers/session';
import { AUDIT_NONE } from '@inventory/common';
import { recordPath, type AuditRecord, type RecordNames } from './api';
import { auditFilters, ResetFiltersButton } from './AuditFilters';
import { ChangeLines, useActionLabel, useActorText, useEntityLabel } from './parts';

/** Newest first: the API's usual order, shown on the Time header. */
const NEWEST_FIRST = { field: 'at', order: 'DESC' } as const;

const AuditBody = bodyWithRowTestId('audit-row');

const Line = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>{children}</Typography>
);

/** The names of the records the page's events refer to (the API's page, kept in the list's meta). */
const useRecordNames = (): RecordNames => (useListContext().meta as { names?: RecordNames } | undefined)?.names ?? {};

/** The record's kind and name, then its id: a link to its screen when it has one the viewer may open. */
const RecordCell = ({ event }: { event: AuditRecord }) => {
  const translate = useTranslate();
  const entityLabel = useEntityLabel();
  const names = useRecordNames();
  const path = recordPath(readSession()?.role, event.entity, event.entity_id);
  const id = event.entity_id ?? AUDIT_NONE;
  const name = event.entity_id ? names[event.entity_id] : undefined;
  return (
    <>
      <Line>{name ? `${entityLabel(event.entity)} · ${name}` : entityLabel(event.entity)}</Line>
      <Typography variant="caption" component="span" sx={{ display: 'block', fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {path ? <MuiLink component={Link} to={path} title={translate('audit.open_record')}>{id}</MuiLink> : id}
      </Typography>
    </>
  );
};

/** The name and role of who did it. */
const UserCell = ({ event }: { event: AuditRecord }) => {
  const translate = useTranslate();
  return (
    <>
      <Line>{event.user.name}</Line>
      {event.user.role && <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>{translate(`roles.${event.user.role}`, { _: event.user.role })}</Typography>}
    </>
  );
};

/**
 * The events: Time, User, Action, Record, Changes; time, action and record kind sort on the server
 * by a header click. Below 600 px a SimpleList with the same facts per event.
 */
const AuditTable = () => {
  const translate = useTranslate();
  const actionLabel = useActionLabel();
  const entityLabel = useEntityLabel();
  const actor = useActorText();
  const names = useRecordNames();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const empty = <NoRows message="audit.no_rows" />;
  if (phone) {
    return (
      <SimpleList<AuditRecord>
        rowClick={false}
        primaryText={(e) => `${actionLabel(e.action)} · ${entityLabel(e.entity)}`}
        secondaryText={(e) => (
          <>
            <Line>{`${formatDateTime(e.at)} · ${actor(e.user)}`}</Line>
            <RecordCell event={e} />
            <ChangeLines changes={e.changes} names={names} />
          </>
        )}
        empty={empty}
      />
    );
  }
  return (
    <DataTable bulkActionButtons={false} rowClick={false} body={AuditBody} empty={empty} aria-label={translate('audit.title')}>
      <DataTable.Col source="at" label="audit.time" sortByOrder="DESC" render={(e: AuditRecord) => formatDateTime(e.at)} cellSx={() => ({ minWidth: 140 })} />
      <DataTable.Col label="audit.user" render={(e: AuditRecord) => <UserCell event={e} />} />
      <DataTable.Col source="action" label="audit.action" render={(e: AuditRecord) => actionLabel(e.action)} />
      <DataTable.Col source="entity" label="audit.record" render={(e: AuditRecord) => <RecordCell event={e} />} cellSx={() => ({ maxWidth: 200 })} />
      <DataTable.Col label="audit.changes" render={(e: AuditRecord) => <ChangeLines changes={e.changes} names={names} />} cellSx={() => ({ minWidth: 240 })} />
    </DataTable>
  );
};

const Actions = () => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <ResetFiltersButton />
      {phone && <FilterButton disableSaveQuery />}
      <ServerExportButton />
    </TopToolbar>
  );
};

/**
 * /auditLog (admin and finance): the audit trail as a react-admin list, newest first, with
 * its filters (record kind, action, staff member, from/to days, record id) in the URL, 'Reset
 * Filters', sorting by Time, Action or Record, pages of 10, and Export (CSV) / Excel of the events
 * the filters select (GET /api/audit/export).
 */
export const AuditLog = () => {
  const filters = usePhoneFilters(auditFilters());
  return (
    <Box>
      <PageTitle title="audit.title" />
      <List
        resource="audit" title={false} perPage={10} debounce={DEBOUNCE_MS} sort={NEWEST_FIRST} storeKey={false}
        exporter={false} empty={false} filters={filters} actions={<Actions />} pagination={LIST_PAGINATION}
      >
        <CappedNotice message="audit.capped" />
        <AuditTable />
      </List>
    </Box>
  );
};
