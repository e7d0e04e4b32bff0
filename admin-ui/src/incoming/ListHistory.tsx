import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { formatDateTime } from '../common/format';
import type { PersonRef } from './api';
import { personName, type FromList } from './WorkflowListParts';
import { ScrollRegion } from './ScrollRegion';

/** One workflow step of a list: its i18n label, who took it and when (null while not taken). */
export interface HistoryStep {
  label: string;
  by: PersonRef | null;
  at: string | null;
}

/** A remark as one/:id returns it: text, author and time. */
export interface Remark {
  content: string;
  remark_by: PersonRef;
  createdAt: string;
}

/**
 * The link back to the list screen a detail page belongs to: to the filtered, sorted
 * page it was opened from, else to the list's default view.
 */
export const BackLink = ({ to, label }: { to: string; label: string }) => {
  const translate = useTranslate();
  const from = useLocation().state as FromList | null;
  return (
    <Button component={Link} to={from?.back ?? to} size="small" startIcon={<ArrowBackIcon />} sx={{ mt: 1 }}>
      {translate(label)}
    </Button>
  );
};

/** A `Label: value` fact of a list's header (GRN, status, customer, FS number, warehouse). */
export const Fact = ({ label, testId, children }: { label: string; testId: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Typography data-testid={testId} component="div">
      <strong>{translate(label)}:</strong> {children}
    </Typography>
  );
};

const dash = (text: string) => text || '–';

/**
 * A list's approval history (each step: who, when; "–" while not taken) and every remark with
 * its author and time, oldest first.
 */
export const ListHistory = ({ steps, remarks }: { steps: HistoryStep[]; remarks: Remark[] }) => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">{translate('incoming.history')}</Typography>
          <ScrollRegion label={translate('incoming.history')}>
            <Table size="small" aria-label={translate('incoming.history')}>
              <TableHead>
                <TableRow>
                  {['history_step', 'history_by', 'history_at'].map((h) => <TableCell key={h}>{translate(`incoming.${h}`)}</TableCell>)}
                </TableRow>
              </TableHead>
              <TableBody>
                {steps.map((step) => (
                  <TableRow key={step.label} data-testid="history-step">
                    <TableCell>{translate(step.label)}</TableCell>
                    <TableCell>{dash(personName(step.by))}</TableCell>
                    <TableCell>{step.at ? formatDateTime(step.at) : '–'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        </Box>
        <Box component="section" aria-labelledby="list-remarks">
          <Typography variant="h6" component="h2" id="list-remarks">{translate('incoming.remarks')}</Typography>
          {remarks.length === 0 && <Typography color="text.secondary">{translate('incoming.no_remarks')}</Typography>}
          {remarks.map((r, i) => (
            <Box key={i} data-testid="remark" sx={{ py: 1, borderTop: i ? 1 : 0, borderColor: 'divider' }}>
              <Typography variant="body2" color="text.secondary">
                <strong>{personName(r.remark_by)}</strong> · {formatDateTime(r.createdAt)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.content}</Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
};
