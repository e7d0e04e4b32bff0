import { Button } from '@mui/material';
import type { ReactElement } from 'react';
import { ReferenceInput, SelectInput, TextInput, regex, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@inventory/common';
import { CalendarDateInput } from '../preferences/CalendarDateInput';

const ENTITY_CHOICES = AUDIT_ENTITIES.map((id) => ({ id, name: `audit.entities.${id}` }));
const ACTION_CHOICES = AUDIT_ACTIONS.map((id) => ({ id, name: `audit.actions.${id}` }));

/** Every staff member by first name (the API pages at most 100). */
const STAFF = { perPage: 100, sort: { field: 'first_name', order: 'ASC' as const } };
const staffName = (r: RaRecord) => `${String(r.first_name ?? '')} ${String(r.last_name ?? '')}`.trim();

/** A record id is a UUID: a partial one is not sent (the filter waits until it is complete). */
const RECORD_ID = regex(/^\s*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\s*$/i, 'audit.record_id_invalid');

/**
 * The Audit Log filters as react-admin filter inputs whose sources are the API's query
 * parameters: record kind, action, staff member, from and to days (YYYY-MM-DD) and record id.
 */
export const auditFilters = (): ReactElement[] => [
  <SelectInput key="entity" source="entity" label="audit.record_kind" choices={ENTITY_CHOICES} emptyText="audit.all" helperText={false} sx={{ minWidth: 180 }} alwaysOn />,
  <SelectInput key="action" source="action" label="audit.action" choices={ACTION_CHOICES} emptyText="audit.all" helperText={false} sx={{ minWidth: 180 }} alwaysOn />,
  <ReferenceInput key="user_id" source="user_id" reference="users" perPage={STAFF.perPage} sort={STAFF.sort} alwaysOn>
    <SelectInput label="audit.user" optionText={staffName} emptyText="audit.all" helperText={false} sx={{ minWidth: 200 }} />
  </ReferenceInput>,
  <CalendarDateInput key="from" source="from" label="audit.from" alwaysOn />,
  <CalendarDateInput key="to" source="to" label="audit.to" alwaysOn />,
  <TextInput
    key="entity_id" source="entity_id" label="audit.record_id" validate={RECORD_ID} helperText={false} alwaysOn
    // the filter form hides helper texts; this one shows its message while the id is incomplete (not by colour alone)
    sx={{ minWidth: { sm: 320 }, '&& .MuiFormHelperText-root': { display: 'block' } }}
  />,
];

/** 'Reset Filters': every filter back to blank. */
export const ResetFiltersButton = () => {
  const translate = useTranslate();
  const { setFilters } = useListContext();
  return <Button variant="outlined" size="small" onClick={() => setFilters({}, {})}>{translate('audit.reset')}</Button>;
};
