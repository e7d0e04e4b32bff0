import { InputAdornment } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Create, Edit, FormDataConsumer, PasswordInput, ReferenceInput, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar,
  useTranslate, type RaRecord,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { ROLES } from '@inventory/common';
import { HistoryPanel } from '../audit/HistoryPanel';
import { PageTitle } from '../common/PageTitle';
import { useFormOutcome } from '../common/useFormOutcome';
import { parsePhone, staffRules } from './validation';
import { KEEP_TYPED_VALUES } from '../common/keepTypedValues';

const roleChoices = ROLES.map((role) => ({ id: role, name: `roles.${role}` }));

/** Admins carry no warehouse; other roles send theirs or null. */
const transform = (data: RaRecord) => ({ ...data, warehouse: data.role === 'admin' || !data.warehouse ? null : data.warehouse });

const StaffFields = ({ creating }: { creating: boolean }) => {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="first_name" label="users.first_name" validate={staffRules.first_name} fullWidth />
      <TextInput source="last_name" label="users.last_name" validate={staffRules.last_name} fullWidth />
      <TextInput
        source="phone" label="users.phone" validate={staffRules.phone} parse={parsePhone} fullWidth
        slotProps={{ input: { startAdornment: <InputAdornment position="start">+251</InputAdornment> }, htmlInput: { inputMode: 'numeric' } }}
      />
      <TextInput source="email" label="users.email" type="email" validate={staffRules.email} fullWidth />
      <SelectInput source="role" label="users.role" choices={roleChoices} validate={staffRules.role} fullWidth />
      <FormDataConsumer>
        {({ formData }) =>
          formData.role && formData.role !== 'admin' ? (
            <ReferenceInput source="warehouse" reference="warehouses" perPage={100}>
              <SelectInput label="users.warehouse" optionText="name" validate={staffRules.warehouse} fullWidth emptyText={translate('users.warehouse')} />
            </ReferenceInput>
          ) : null
        }
      </FormDataConsumer>
      {creating && <PasswordInput source="password" label="users.password" validate={staffRules.password} fullWidth />}
    </>
  );
};

/** Save stays enabled on an untouched form: clicking it shows the field messages. */
const toolbar = <Toolbar><SaveButton alwaysEnable /></Toolbar>;

const FormFrame = ({ title, children }: { title: string; children: ReactNode }) => (
  <>
    <PageTitle title={title} />
    {children}
  </>
);

/** /userRegistration: registers a staff member. */
export const UserCreate = () => {
  const { onSuccess, onError } = useFormOutcome('users.registered', '/viewUser');
  return (
    <FormFrame title="users.create_title">
      <Create resource="users" title=" " transform={transform} mutationOptions={{ onSuccess, onError }}>
        <SimpleForm sx={{ maxWidth: 520 }} toolbar={toolbar}><StaffFields creating /></SimpleForm>
      </Create>
    </FormFrame>
  );
};

/** /userRegistration/{id}: updates a staff member's detail; under it their change history. */
export const UserEdit = () => {
  const { id } = useParams();
  const { onLoadError, ...outcome } = useFormOutcome('users.updated', '/viewUser');
  return (
    <FormFrame title="users.edit_title">
      <Edit
        resource="users" id={id} title=" " mutationMode="pessimistic" transform={transform} redirect={false}
        queryOptions={{ onError: onLoadError }} mutationOptions={outcome}
      >
        <SimpleForm sx={{ maxWidth: 520 }} toolbar={toolbar} resetOptions={KEEP_TYPED_VALUES}><StaffFields creating={false} /></SimpleForm>
      </Edit>
      <HistoryPanel entity="user" id={id} />
    </FormFrame>
  );
};
