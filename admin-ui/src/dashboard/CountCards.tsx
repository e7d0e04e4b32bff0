import { Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { STATS, type Counts } from './api';
import { useStats } from './useStats';

const CARDS: [keyof Counts, string][] = [
  ['userCount', 'dashboard.users'],
  ['productCount', 'dashboard.products'],
  ['inventoryCount', 'dashboard.inventory'],
  ['customerCount', 'dashboard.customers'],
  ['warehouseCount', 'dashboard.warehouses'],
  ['categoryCount', 'dashboard.categories'],
];

/**
 * The six count cards of spec 1 Dashboard (GET /api/stats/count): two a row on a phone, as many
 * as fit on wider screens; a failure is notified with the server's message.
 */
export const CountCards = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, error } = useStats<Counts>(STATS.counts);
  useEffect(() => {
    if (error) notify(errorMessage(error), { type: 'error' });
  }, [error, notify]);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))' }}>
      {CARDS.map(([key, label]) => (
        <Card key={key} data-testid="count-card" sx={{ minWidth: 0 }}>
          <CardContent>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{translate(label)}</Typography>
            <Typography variant="h4" component="p" data-testid={`count-${key}`}>{data ? data[key] : '–'}</Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
};
