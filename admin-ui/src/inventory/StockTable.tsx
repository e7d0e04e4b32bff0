import { Box, Button, Card, CardActions, CardContent, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, useListContext, useTranslate } from 'react-admin';
import type { InventoryRecord } from './api';
import { QuantityLines } from './QuantityLines';
import { NoRows } from './listParts';
import { bodyWithRowTestId } from './rowTestId';

const StockBody = bodyWithRowTestId('stock-row');

/** `pcs: 10`, as the Outgoing Inventory table writes a quantity. */
const nameFirst = (q: { name: string; value: number }) => `${q.name}: ${q.value}`;

interface StockTableProps {
  /** Present for users who may move stock (warehouseAdmin). */
  onIssue?: (item: InventoryRecord) => void;
  onReceive?: (item: InventoryRecord) => void;
}

/** Issue and Receive of one stock record, named after its product for screen readers. */
const StockActions = ({ item, onIssue, onReceive }: StockTableProps & { item: InventoryRecord }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {onIssue && (
        <Button size="small" variant="outlined" aria-label={`${translate('inventory.issue')} ${item.product.name}`} onClick={() => onIssue(item)}>
          {translate('inventory.issue')}
        </Button>
      )}
      {onReceive && (
        <Button size="small" aria-label={`${translate('inventory.receive')} ${item.product.name}`} onClick={() => onReceive(item)}>
          {translate('inventory.receive')}
        </Button>
      )}
    </Box>
  );
};

/** The same rows as cards below 600 px, each with its actions. */
const StockCards = (props: StockTableProps) => {
  const { data, isPending } = useListContext<InventoryRecord>();
  if (isPending) return null;
  if (!data?.length) return <NoRows message="inventory.no_rows" />;
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {data.map((item) => (
        <Card key={item.id} variant="outlined" data-testid="stock-row">
          <CardContent sx={{ pb: 0 }}>
            <Typography variant="subtitle1" component="h2">{item.product.name}</Typography>
            <Typography variant="body2" color="text.secondary">{`${item.productCategory.name} · ${item.warehouse.name}`}</Typography>
            <QuantityLines entries={item.quantity} text={nameFirst} hidden={item.quantities_hidden} />
          </CardContent>
          {props.onIssue && <CardActions><StockActions item={item} {...props} /></CardActions>}
        </Card>
      ))}
    </Stack>
  );
};

/**
 * The Outgoing Inventory table: product name, description, category, warehouse, quantity
 * (`pcs: 10`) and, for users who may move stock, Issue and Receive; name, category and warehouse
 * sort on the server by a header click. Cards below 600 px.
 */
export const StockTable = (props: StockTableProps) => {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) return <StockCards {...props} />;
  return (
    <DataTable bulkActionButtons={false} rowClick={false} body={StockBody} empty={<NoRows message="inventory.no_rows" />} aria-label={translate('inventory.by_warehouse_title')}>
      <DataTable.Col source="product.name" label="inventory.product_name" />
      <DataTable.Col source="product.description" label="inventory.description" disableSort />
      <DataTable.Col source="productCategory.name" label="inventory.category" />
      <DataTable.Col source="warehouse.name" label="inventory.warehouse" />
      <DataTable.Col label="inventory.quantity" render={(r: InventoryRecord) => <QuantityLines entries={r.quantity} text={nameFirst} hidden={r.quantities_hidden} />} />
      {props.onIssue && <DataTable.Col label="app.actions" render={(r: InventoryRecord) => <StockActions item={r} {...props} />} />}
    </DataTable>
  );
};
