import { useEffect, useRef, useState } from 'react';
import {
  ArrayInput, NumberInput, SelectArrayInput, SelectInput, SimpleFormIterator, TextInput, minValue, required,
  useNotify,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Category } from '../categories/useCategories';
import { errorMessage } from '../providers/httpClient';
import { useAppDataProvider } from '../providers/useAppDataProvider';

/** The category id of the form value: an id on create, `{_id, name}` as loaded on edit. */
export const categoryId = (v: unknown): string => (v && typeof v === 'object' ? String((v as { _id: string })._id) : String(v ?? ''));

/** The chosen category, loaded whenever the category input changes. */
function useChosenCategory(id: string): Category | undefined {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [category, setCategory] = useState<Category>();
  useEffect(() => {
    if (!id) return setCategory(undefined);
    dp.getOne('categories', { id })
      .then(({ data }) => setCategory(data as unknown as Category))
      .catch((error: unknown) => notify(errorMessage(error), { type: 'error' }));
  }, [dp, notify, id]);
  return category;
}

/**
 * The fields that depend on the category: choosing another category resets
 * the specification values and units to the category's, and the buffer unit to its first unit.
 * Once units are chosen, the buffer unit stays one of them (the server refuses any other).
 */
export const CategoryDependentFields = () => {
  const { setValue, getValues } = useFormContext();
  const id = categoryId(useWatch({ name: 'category' }));
  const units: string[] = useWatch({ name: 'quantity' }) ?? [];
  const category = useChosenCategory(id);
  const shownFor = useRef(id);
  useEffect(() => {
    if (!category || category._id !== id || shownFor.current === id) return;
    shownFor.current = id;
    setValue('specifications', category.specifications.map((name) => ({ name, value: '' })), { shouldDirty: true });
    setValue('quantity', [], { shouldDirty: true });
    setValue('buffer_stock.unit_of_measurement', category.quantity_measurement[0] ?? '', { shouldDirty: true });
  }, [category, id, setValue]);
  const unitChoices = (category?.quantity_measurement ?? []).map((u) => ({ id: u, name: u }));
  /** After the user changes the chosen units: a buffer unit no longer chosen becomes the first chosen unit (or empty). */
  const keepBufferUnit = () => {
    const chosen: string[] = getValues('quantity') ?? [];
    if (!chosen.includes(getValues('buffer_stock.unit_of_measurement'))) {
      setValue('buffer_stock.unit_of_measurement', chosen[0] ?? '', { shouldDirty: true });
    }
  };
  return (
    <>
      <SelectArrayInput source="quantity" label="products.units" choices={unitChoices} validate={required('products.units_required')} fullWidth
        onChange={keepBufferUnit} />
      <ArrayInput source="specifications" label="products.specifications">
        <SimpleFormIterator inline disableAdd disableRemove disableReordering>
          <TextInput source="name" label="products.specifications" readOnly helperText={false} />
          <TextInput source="value" label="products.value" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <SelectInput
        source="buffer_stock.unit_of_measurement" label="products.buffer_unit" validate={required('products.buffer_required')}
        choices={(units.length ? units : category?.quantity_measurement ?? []).map((u) => ({ id: u, name: u }))}
      />
      <NumberInput source="buffer_stock.quantity" label="products.buffer_quantity" validate={[required('products.buffer_required'), minValue(0)]} />
    </>
  );
};
