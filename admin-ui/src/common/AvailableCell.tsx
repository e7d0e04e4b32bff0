import { useRecordContext } from 'react-admin';

/** A stock record's available quantity, one `value : unit` per line (the stock pickers' Available column); `label` names the column. */
export const AvailableCell = (_props: { label: string }) => {
  const item = useRecordContext<{ id: string; available: { name: string; value: number }[] }>();
  return item ? <>{item.available.map((q) => <div key={q.name}>{`${q.value} : ${q.name}`}</div>)}</> : null;
};
