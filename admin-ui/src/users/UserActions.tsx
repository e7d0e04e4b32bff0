import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/Restore';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useListContext, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ConfirmButton } from '../common/ConfirmButton';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { ResetPasswordButton } from './ResetPasswordButton';

/** Admin row actions (spec 2 Staff): edit, delete, reset password on active staff; activate on removed staff. */
export const UserActions = (_props: { label?: string }) => {
  const record = useRecordContext();
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const dp = useAppDataProvider();
  if (!record) return null;
  const id = record.id;

  if (filterValues?.status === 'removed') {
    return (
      <ConfirmButton
        label="users.activate" icon={<RestoreIcon />} color="success"
        question="users.confirm_activate" success="users.activated"
        run={() => dp.activate('users', { id })}
      />
    );
  }
  return (
    <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
      <Tooltip title={translate('users.edit')}>
        <IconButton size="small" color="primary" aria-label={translate('users.edit')} component={Link} to={`/userRegistration/${id}`}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      <ConfirmButton
        label="users.delete" icon={<DeleteIcon />} color="error"
        question="users.confirm_delete" success="users.deleted"
        run={() => dp.delete('users', { id })}
      />
      <ResetPasswordButton />
    </Box>
  );
};
