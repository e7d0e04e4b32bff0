import {
  ArrayInput, Create, Edit, SaveButton, SimpleForm, SimpleFormIterator, TextInput, Toolbar, required,
  type Validator,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { HistoryPanel } from '../audit/HistoryPanel';
import { PageTitle } from '../common/PageTitle';
import { useFormOutcome } from '../common/useFormOutcome';
import { KEEP_TYPED_VALUES } from '../common/keepTypedValues';

/** 'Missing Attribute{n}' for a blank entry n (1-based) of a dynamic list. */
const attributeRequired: Validator = (value: unknown, _all: unknown, props?: { source?: string }) => {
  if (typeof value === 'string' && value.trim()) return undefined;
  const index = Number(props?.source?.split('.').pop());
  return { message: 'categories.attribute_required', args: { n: Number.isNaN(index) ? '' : index + 1 } };
};

/** At least one quantity measurement (the server requires one too). */
const atLeastOne: Validator = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? undefined : 'categories.units_required';

const trimList = (list: unknown) => (Array.isArray(list) ? list.map((v) => (typeof v === 'string' ? v.trim() : v)) : []);
const transform = (data: Record<string, unknown>) => ({
  ...data,
  specifications: trimList(data.specifications),
  quantity_measurement: trimList(data.quantity_measurement),
});

const CategoryFields = ({ submitLabel }: { submitLabel: string }) => (
  <SimpleForm
    sx={{ maxWidth: 560 }}
    defaultValues={{ specifications: [], quantity_measurement: [''] }}
    resetOptions={KEEP_TYPED_VALUES}
    toolbar={<Toolbar><SaveButton label={submitLabel} icon={<></>} alwaysEnable /></Toolbar>}
  >
    <TextInput source="name" label="categories.name" validate={required('categories.name_required')} fullWidth />
    <TextInput source="description" label="categories.description" validate={required('categories.description_required')} fullWidth multiline />
    <ArrayInput source="specifications" label="categories.specifications">
      <SimpleFormIterator inline disableReordering>
        <TextInput source="" label="categories.specification" validate={attributeRequired} helperText={false} />
      </SimpleFormIterator>
    </ArrayInput>
    <ArrayInput source="quantity_measurement" label="categories.quantity_measurement" validate={atLeastOne}>
      <SimpleFormIterator inline disableReordering>
        <TextInput source="" label="categories.quantity_measurement" validate={attributeRequired} helperText={false} />
      </SimpleFormIterator>
    </ArrayInput>
  </SimpleForm>
);

/** /addCategory: 'Add or Edit Product Category' with the Add Category button. */
export const CategoryCreate = () => {
  const { onSuccess, onError } = useFormOutcome('categories.created', '/viewCategory');
  return (
    <>
      <PageTitle title="categories.form_title" />
      <Create resource="categories" title=" " transform={transform} mutationOptions={{ onSuccess, onError }}>
        <CategoryFields submitLabel="categories.add" />
      </Create>
    </>
  );
};

/** /addCategory/{id}: the same form prefilled, with Update Category; under it the category's change history. */
export const CategoryEdit = () => {
  const { id } = useParams();
  const { onLoadError, ...outcome } = useFormOutcome('categories.updated', '/viewCategory');
  return (
    <>
      <PageTitle title="categories.form_title" />
      <Edit
        resource="categories" id={id} title=" " mutationMode="pessimistic" redirect={false} transform={transform}
        mutationOptions={outcome} queryOptions={{ onError: onLoadError }}
      >
        <CategoryFields submitLabel="categories.update" />
      </Edit>
      <HistoryPanel entity="category" id={id} />
    </>
  );
};
