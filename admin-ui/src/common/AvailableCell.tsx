import { useRecordContext } from 'react-admin';
import { QuantityLines } from '../inventory/QuantityLines';

/**
 * A stock record's available quantity, one `value : unit` per line (the stock pickers' Available
 * column), or "Hidden during count" while the record is on a blind count the user counts; `label`
 * names the column.
 */
export const AvailableCell = (_props: { label: string }) => {
  const item = useRecordContext<{ id: string; available: { name: string; value: number }[]; quantities_hidden?: boolean }>();
  return item ? <QuantityLines entries={item.available} hidden={item.quantities_hidden} /> : null;
};
