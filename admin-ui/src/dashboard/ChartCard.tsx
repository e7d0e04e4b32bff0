import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A titled card around a chart. The chart is always drawn (empty when there is no data) and a
 * short message lies over it while loading or when there is nothing to show.
 */
export const ChartCard = ({ title, empty, loading, actions, children, testId }: {
  title: string;
  empty: boolean;
  loading: boolean;
  actions?: ReactNode;
  children: ReactNode;
  testId: string;
}) => {
  const translate = useTranslate();
  return (
    <Card data-testid={testId} sx={{ flex: '1 1 420px', minWidth: 320 }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>{translate(title)}</Typography>
        {actions}
        <Box sx={{ position: 'relative', height: 300 }}>
          {children}
          {(loading || empty) && (
            <Typography
              color="text.secondary"
              data-testid={`${testId}-message`}
              sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}
            >
              {translate(loading ? 'dashboard.loading' : 'dashboard.no_data')}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
};
