import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/Restore';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useListContext, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { Link } from 'react-router-dom';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { ConfirmButton } from './ConfirmButton';

/** A toolbar button that opens a spec path (e.g. 'Add New Staff' -> /userRegistration). */
export const LinkButton = ({ to, label }: { to: string; label: string }) => {
  const translate = useTranslate();
  return (
    <Button component={Link} to={to} variant="contained" size="small" startIcon={<AddIcon />}>
      {translate(label)}
    </Button>
  );
};

/** A row's Edit action: a pencil link to the record's form, named by `label` (an i18n key) for screen readers. */
export const EditLink = ({ to, label }: { to: string; label: string }) => {
  const translate = useTranslate();
  return (
    <Tooltip title={translate(label)}>
      <IconButton size="small" color="primary" aria-label={translate(label)} component={Link} to={to}>
        <EditIcon />
      </IconButton>
    </Tooltip>
  );
};

interface SoftRemoveActionsProps {
  /** The react-admin resource (dataProvider `delete` and `activate`). */
  resource: string;
  /**
   * The i18n section of the labels: `<messages>.edit`, `.delete`, `.confirm_delete`, `.deleted`,
   * `.<restore>`, `.confirm_activate`, `.activated`.
   */
  messages: string;
  /** The restore action's key in `messages` (the spec calls it Undo, Restore or Activate per screen). */
  restore: 'undo' | 'restore' | 'activate';
  editPath: (id: Identifier) => string;
  /** Whether the row is on the removed view; default: the list's `status` filter is `removed`. */
  removed?: boolean;
  /** Runs after a delete or restore (lists not read through react-admin reload themselves). */
  onChanged?: () => Promise<void>;
  /** False hides Delete (one's own staff row). */
  mayDelete?: boolean;
  /** More actions after Delete on active rows. */
  children?: ReactNode;
  /** The Datagrid column header. */
  label?: string;
}

/**
 * The row actions of a softly removed resource: Edit and Delete (with its
 * confirm) on active rows, the restore action (with its confirm) on the removed view.
 */
export const SoftRemoveActions = ({ resource, messages, restore, editPath, removed, onChanged, mayDelete = true, children }: SoftRemoveActionsProps) => {
  const record = useRecordContext();
  const { filterValues } = useListContext();
  const dp = useAppDataProvider();
  if (!record) return null;
  const id = record.id;
  const run = (call: () => Promise<unknown>) => async () => {
    await call();
    await onChanged?.();
  };
  if (removed ?? filterValues?.status === 'removed') {
    return (
      <ConfirmButton
        label={`${messages}.${restore}`} icon={<RestoreIcon />} color="success" question={`${messages}.confirm_activate`}
        success={`${messages}.activated`} run={run(() => dp.activate(resource, { id }))}
      />
    );
  }
  return (
    <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
      <EditLink to={editPath(id)} label={`${messages}.edit`} />
      {mayDelete && (
        <ConfirmButton
          label={`${messages}.delete`} icon={<DeleteIcon />} color="error" question={`${messages}.confirm_delete`}
          success={`${messages}.deleted`} run={run(() => dp.delete(resource, { id }))}
        />
      )}
      {children}
    </Box>
  );
};
