import { useRecordContext } from 'react-admin';
import { SoftRemoveActions } from '../common/LinkButton';
import { readSession } from '../providers/session';
import { ResetPasswordButton } from './ResetPasswordButton';

/**
 * Admin row actions: edit, delete, reset password on active staff; activate on removed
 * staff. One's own row has no Delete and no Reset Password (the server refuses both for oneself).
 */
export const UserActions = (_props: { label?: string }) => {
  const record = useRecordContext();
  const own = record !== undefined && String(record.id) === readSession()?._id;
  return (
    <SoftRemoveActions resource="users" messages="users" restore="activate" editPath={(id) => `/userRegistration/${id}`} mayDelete={!own}>
      {!own && <ResetPasswordButton />}
    </SoftRemoveActions>
  );
};
