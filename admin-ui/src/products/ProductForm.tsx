import { Create, Edit, ReferenceInput, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, required } from 'react-admin';
import { useParams } from 'react-router-dom';
import { HistoryPanel } from '../audit/HistoryPanel';
import { PageTitle } from '../common/PageTitle';
import { useFormOutcome } from '../common/useFormOutcome';
import { CategoryDependentFields, categoryId } from './CategoryFields';
import { KEEP_TYPED_VALUES } from '../common/keepTypedValues';

/** Sends the category as an id and the buffer quantity as a number. */
const transform = (data: Record<string, unknown>) => {
  const buffer = (data.buffer_stock ?? {}) as { unit_of_measurement?: string; quantity?: unknown };
  return {
    ...data,
    category: categoryId(data.category),
    buffer_stock: { unit_of_measurement: buffer.unit_of_measurement, quantity: Number(buffer.quantity ?? 0) },
  };
};

/** Save stays enabled on an untouched form: clicking it shows the field messages. */
const ProductFields = () => (
  <SimpleForm
    sx={{ maxWidth: 640 }} defaultValues={{ specifications: [], quantity: [], buffer_stock: { quantity: 0 } }} resetOptions={KEEP_TYPED_VALUES}
    toolbar={<Toolbar><SaveButton alwaysEnable /></Toolbar>}
  >
    <ReferenceInput source="category" reference="categories" perPage={100}>
      <SelectInput label="products.category" optionText="name" format={categoryId} validate={required('products.category_required')} fullWidth />
    </ReferenceInput>
    <TextInput source="name" label="products.name" validate={required('products.name_required')} fullWidth />
    <TextInput source="code" label="products.code" validate={required('products.code_required')} fullWidth />
    <TextInput source="description" label="products.description" validate={required('products.description_required')} fullWidth multiline />
    <CategoryDependentFields />
  </SimpleForm>
);

/** /addProduct: creates a product. */
export const ProductCreate = () => {
  const { onSuccess, onError } = useFormOutcome('products.created', '/viewProduct');
  return (
    <>
      <PageTitle title="products.create_title" />
      <Create resource="products" title=" " transform={transform} mutationOptions={{ onSuccess, onError }}>
        <ProductFields />
      </Create>
    </>
  );
};

/** /addProduct/{id}: the same form prefilled; an update; under it the product's change history. */
export const ProductEdit = () => {
  const { id } = useParams();
  const { onLoadError, ...outcome } = useFormOutcome('products.updated', '/viewProduct');
  return (
    <>
      <PageTitle title="products.edit_title" />
      <Edit
        resource="products" id={id} title=" " mutationMode="pessimistic" redirect={false} transform={transform}
        mutationOptions={outcome} queryOptions={{ onError: onLoadError }}
      >
        <ProductFields />
      </Edit>
      <HistoryPanel entity="product" id={id} />
    </>
  );
};
