import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ChartTable, type ChartTableProps } from './ChartTable';
import { errorMessage } from '../providers/httpClient';

/** What a chart's canvas carries so screen readers can name it (role="img" with a label). */
export interface CanvasA11y {
  role: 'img';
  'aria-label': string;
}

/** The state of the chart's data: loading (a request under way, nothing yet), failed, or empty. */
export interface ChartState {
  isLoading: boolean;
  error: unknown;
  empty: boolean;
}

/**
 * A titled dashboard card: the chart canvas named for screen readers (`canvas(a11y)`),
 * a message over it while loading, on failure (the server's message) or when there is nothing to
 * show, an optional legend under it, and a "Show as table" toggle that renders the same data as an
 * accessible table (the chart's text alternative). `notice` replaces the chart (e.g. a reversed
 * date range) and `controls` sit above it.
 */
export const ChartCard = ({ title, kind, testId, state, height, controls, notice, legend, table, canvas }: {
  title: string;
  kind: 'pie_chart' | 'bar_chart' | 'line_chart';
  testId: string;
  state: ChartState;
  height: number;
  controls?: ReactNode;
  notice?: ReactNode;
  legend?: ReactNode;
  table: Omit<ChartTableProps, 'label'>;
  canvas: (a11y: CanvasA11y) => ReactNode;
}) => {
  const translate = useTranslate();
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const name = translate(title);
  const message = state.isLoading ? translate('dashboard.loading') : state.error ? errorMessage(state.error) : state.empty ? translate('dashboard.no_data') : null;
  return (
    <Card data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">{name}</Typography>
          <Button size="small" startIcon={<TableChartIcon />} aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((v) => !v)}>
            {translate(showTable ? 'dashboard.hide_table' : 'dashboard.show_table')}
          </Button>
        </Box>
        {controls}
        {notice ?? (
          <Box sx={{ position: 'relative', height }}>
            {canvas({ role: 'img', 'aria-label': translate('dashboard.chart_name', { title: name, kind: translate(`dashboard.${kind}`) }) })}
            {message && (
              <Typography
                color={state.error ? 'error' : 'text.secondary'}
                role={state.error ? 'alert' : undefined}
                data-testid={`${testId}-message`}
                sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center', pointerEvents: 'none' }}
              >
                {message}
              </Typography>
            )}
          </Box>
        )}
        {!notice && legend}
        {showTable && (
          <Box id={tableId} sx={{ mt: 2, maxWidth: '100%', overflowX: 'auto' }}>
            <ChartTable {...table} label={translate('dashboard.table_name', { title: name })} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
