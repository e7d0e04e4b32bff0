import { Button, InputAdornment } from '@mui/material';
import {
  Create, Edit, SaveButton, SimpleForm, TextInput, Toolbar, email, maxLength, regex, required, useTranslate,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { ETHIOPIAN_TIN } from '@inventory/common';
import { HistoryPanel } from '../audit/HistoryPanel';
import { PageTitle } from '../common/PageTitle';
import { useFormOutcome } from '../common/useFormOutcome';
import { KEEP_TYPED_VALUES } from '../common/keepTypedValues';

/** Keeps digits only, at most 9 (the +251 prefix is shown). */
const parsePhone = (v: string) => v.replace(/\D/g, '').slice(0, 9);

/** The rules of spec 5 Customer, enforced on submit (and again by the server). */
const rules = {
  name: [required('customers.name_required'), maxLength(200)],
  phone: [required('customers.phone_required'), regex(/^\d{9}$/, 'customers.phone_digits')],
  email: [required('customers.email_required'), email('customers.email_format')],
  company: [required('customers.company_required'), maxLength(200)],
  /** Optional; when entered, an Ethiopian TIN (the shared rule of @inventory/common). */
  tin: [regex(ETHIOPIAN_TIN, 'customers.tin_digits')],
};

/** Keeps digits only, at most 10. */
const parseTin = (v: string) => v.replace(/\D/g, '').slice(0, 10);

const FormToolbar = ({ submitLabel }: { submitLabel: string }) => {
  const translate = useTranslate();
  const { reset } = useFormContext();
  return (
    <Toolbar sx={{ gap: 2 }}>
      <Button variant="outlined" onClick={() => reset()}>{translate('customers.reset')}</Button>
      <SaveButton label={submitLabel} icon={<></>} alwaysEnable />
    </Toolbar>
  );
};

const CustomerFields = ({ submitLabel }: { submitLabel: string }) => (
  <SimpleForm sx={{ maxWidth: 520 }} toolbar={<FormToolbar submitLabel={submitLabel} />} resetOptions={KEEP_TYPED_VALUES}>
    <TextInput source="name" label="customers.name" validate={rules.name} fullWidth />
    <TextInput
      source="phone_no.0" label="customers.phone" validate={rules.phone} parse={parsePhone} fullWidth
      slotProps={{ input: { startAdornment: <InputAdornment position="start">+251</InputAdornment> }, htmlInput: { inputMode: 'numeric' } }}
    />
    <TextInput source="email" label="customers.email" type="email" validate={rules.email} fullWidth />
    <TextInput source="company" label="customers.company" validate={rules.company} fullWidth />
    <TextInput source="address" label="customers.address" validate={maxLength(500)} fullWidth />
    <TextInput
      source="tin" label="customers.tin" validate={rules.tin} parse={parseTin} helperText="customers.tin_help" fullWidth
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  </SimpleForm>
);

/** Empty address is sent as absent (the server keeps null); an empty TIN as null (none). */
const transform = (data: Record<string, unknown>) => ({ ...data, address: data.address || undefined, tin: data.tin || null });

/**
 * /customer/add: 'Register New Customer'; with ?id= it is 'Update Customer Detail' and the update works,
 * with the customer's change history under the form.
 */
export const CustomerForm = () => {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { onSuccess, onError, onLoadError } = useFormOutcome(id ? 'customers.updated' : 'customers.registered', '/customers/list');
  if (!id) {
    return (
      <>
        <PageTitle title="customers.create_title" />
        <Create resource="customers" title=" " transform={transform} mutationOptions={{ onSuccess, onError }}>
          <CustomerFields submitLabel="customers.register" />
        </Create>
      </>
    );
  }
  return (
    <>
      <PageTitle title="customers.edit_title" />
      <Edit
        resource="customers" id={id} title=" " mutationMode="pessimistic" redirect={false} transform={transform}
        mutationOptions={{ onSuccess, onError }} queryOptions={{ onError: onLoadError }}
      >
        <CustomerFields submitLabel="customers.update" />
      </Edit>
      <HistoryPanel entity="customer" id={id} />
    </>
  );
};
