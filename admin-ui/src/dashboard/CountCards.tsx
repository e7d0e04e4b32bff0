import { Card, CardContent, Typography } from '@mui/material';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { statsApi, type Counts } from './api';
import { useLoad } from './useLoad';

const CARDS: [keyof Counts, string][] = [
  ['userCount', 'dashboard.users'],
  ['productCount', 'dashboard.products'],
  ['inventoryCount', 'dashboard.inventory'],
  ['customerCount', 'dashboard.customers'],
  ['warehouseCount', 'dashboard.warehouses'],
  ['categoryCount', 'dashboard.categories'],
];

/** The six count cards of spec 1 Dashboard (GET /api/stats/count). */
export const CountCards = () => {
  const translate = useTranslate();
  const { data } = useLoad(statsApi.counts, []);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
      {CARDS.map(([key, label]) => (
        <Card key={key} data-testid="count-card">
          <CardContent>
            <Typography color="text.secondary">{translate(label)}</Typography>
            <Typography variant="h4" data-testid={`count-${key}`}>{data ? data[key] : '–'}</Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
};
