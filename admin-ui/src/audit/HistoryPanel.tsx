import { Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { HttpError, useTranslate } from 'react-admin';
import { formatDateTime } from '../common/format';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import type { AuditEntity } from '@inventory/common';
import type { AuditEvent, AuditPage, RecordNames } from './api';
import { ChangeLines, useActionLabel, useActorText } from './parts';

/** Events per 'Show more'. */
const PAGE_SIZE = 10;

export interface HistoryPanelProps {
  /** The kind of record (the API's `entity`: product, category, warehouse, customer, user, incoming_list, outgoing_list, transaction). */
  entity: AuditEntity;
  /** The record's id; nothing is shown (or asked) while it is not known. */
  id: string | null | undefined;
  /**
   * Any value that changes when the record on screen changed (e.g. the reloaded record of a detail
   * page that stays open after a step): the loaded history is read again then.
   */
  refreshOn?: unknown;
}

/** A refusal of the server that means "not yours to see" rather than a failure: no panel at all. */
const hidden = (error: unknown) => error instanceof HttpError && (error.status === 403 || error.status === 404);

/**
 * One record's change history: GET /api/audit/{entity}/{id} through the dataProvider,
 * newest first, each event with when, who and what (the action), and each change as
 * `field: before → after` in the user's words (ids as the names of their records); 'Show more' loads the next page; "No changes recorded" when there is
 * none. A user the server refuses the record's history (403) or a record it does not know (404)
 * sees no panel. Drop it under any record screen: `<HistoryPanel entity="outgoing_list" id={id} />`.
 */
export const HistoryPanel = ({ entity, id, refreshOn }: HistoryPanelProps) => {
  const translate = useTranslate();
  const actionLabel = useActionLabel();
  const actor = useActorText();
  const dp = useAppDataProvider();
  const headingId = useId();
  const query = useInfiniteQuery({
    queryKey: ['audit', 'history', entity, id],
    queryFn: async ({ pageParam }) =>
      (await dp.api<AuditPage>('GET', `/audit/${entity}/${encodeURIComponent(String(id))}?page=${pageParam}&limit=${PAGE_SIZE}`)).data,
    initialPageParam: 1,
    getNextPageParam: (last: AuditPage, pages: AuditPage[]) =>
      last.events.length > 0 && pages.length * PAGE_SIZE < last.total_count ? pages.length + 1 : undefined,
    enabled: !!id,
    retry: false,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const { refetch } = query;

  // read the history again when the record on screen changed (not on the first render: the query just ran)
  const seen = useRef(refreshOn);
  useEffect(() => {
    if (seen.current === refreshOn) return;
    seen.current = refreshOn;
    void refetch();
  }, [refreshOn, refetch]);

  if (!id || hidden(query.error)) return null;
  // a page loaded later may repeat an event when newer ones arrived meanwhile (offset paging)
  const events: AuditEvent[] = [];
  const ids = new Set<string>();
  const names: RecordNames = Object.assign({}, ...(query.data?.pages.map((p) => p.names) ?? []));
  for (const event of query.data?.pages.flatMap((p) => p.events) ?? []) {
    if (!ids.has(event._id)) events.push(event);
    ids.add(event._id);
  }
  return (
    // below 600 px a form's Save bar is fixed to the bottom of the screen: room for it under the panel
    <Card component="section" aria-labelledby={headingId} sx={{ mt: 2, mb: { xs: 8, sm: 0 } }} data-testid="history-panel">
      <CardContent>
        <Typography variant="h6" component="h2" id={headingId}>{translate('audit.history.title')}</Typography>
        {query.isPending && <CircularProgress size={24} sx={{ mt: 1 }} aria-label={translate('audit.history.loading')} />}
        {query.isError && <Typography color="error" role="alert">{translate('audit.history.failed')}</Typography>}
        {query.isSuccess && events.length === 0 && <Typography color="text.secondary">{translate('audit.history.empty')}</Typography>}
        {events.length > 0 && (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {events.map((event, i) => (
              <Box component="li" key={event._id} data-testid="history-event" sx={{ py: 1, borderTop: i ? 1 : 0, borderColor: 'divider' }}>
                <Typography variant="body2">
                  <strong>{actionLabel(event.action)}</strong>
                  {` · ${actor(event.user)} · `}
                  <Box component="time" dateTime={event.at}>{formatDateTime(event.at)}</Box>
                </Typography>
                <ChangeLines changes={event.changes} names={names} />
              </Box>
            ))}
          </Box>
        )}
        {query.hasNextPage && (
          <Button size="small" sx={{ mt: 1 }} disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {translate('audit.history.show_more')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
};
