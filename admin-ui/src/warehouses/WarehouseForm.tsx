import { Create, Edit, SaveButton, SimpleForm, TextInput, Toolbar, required } from 'react-admin';
import { useParams } from 'react-router-dom';
import { HistoryPanel } from '../audit/HistoryPanel';
import { PageTitle } from '../common/PageTitle';
import { useFormOutcome } from '../common/useFormOutcome';
import { KEEP_TYPED_VALUES } from '../common/keepTypedValues';

/** Name and address, both required: 'Missing Warehouse Name' and 'Missing Warehouse Address' (as the server says). */
const WarehouseFields = () => (
  <>
    <TextInput source="name" label="warehouses.name" validate={required('warehouses.name_required')} fullWidth />
    <TextInput source="address" label="warehouses.address" validate={required('warehouses.address_required')} fullWidth />
  </>
);

/** Save stays enabled on an untouched form: clicking it shows the field messages. */
const toolbar = <Toolbar><SaveButton alwaysEnable /></Toolbar>;

/** /addWarehouse: 'Add Warehouse'. */
export const WarehouseCreate = () => {
  const { onSuccess, onError } = useFormOutcome('warehouses.created', '/viewWarehouse');
  return (
    <>
      <PageTitle title="warehouses.create_title" />
      <Create resource="warehouses" title=" " mutationOptions={{ onSuccess, onError }}>
        <SimpleForm sx={{ maxWidth: 520 }} toolbar={toolbar} resetOptions={KEEP_TYPED_VALUES}><WarehouseFields /></SimpleForm>
      </Create>
    </>
  );
};

/** /addWarehouse/{id}: 'Update Warehouse'; under it the warehouse's change history. */
export const WarehouseEdit = () => {
  const { id } = useParams();
  const { onLoadError, ...outcome } = useFormOutcome('warehouses.updated', '/viewWarehouse');
  return (
    <>
      <PageTitle title="warehouses.edit_title" />
      <Edit
        resource="warehouses" id={id} title=" " mutationMode="pessimistic" redirect={false}
        mutationOptions={outcome}
        queryOptions={{ onError: onLoadError }}
      >
        <SimpleForm sx={{ maxWidth: 520 }} toolbar={toolbar} resetOptions={KEEP_TYPED_VALUES}><WarehouseFields /></SimpleForm>
      </Edit>
      <HistoryPanel entity="warehouse" id={id} />
    </>
  );
};
