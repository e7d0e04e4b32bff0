import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_URL, apiCall } from '../providers/httpClient';
import { refreshCounts } from './useApiCount';

/** Window event carrying `{kind, id}` whenever a list, transfer, count or adjustment changes. */
export const LIST_CHANGED_EVENT = 'backoffice:list-changed';

/** The react-admin resource whose list screens show each `list-changed` kind. */
const LIST_RESOURCES: Record<string, string> = {
  incoming_list: 'incomingLists',
  outgoing_list: 'outgoingLists',
  transfer: 'transfers',
  stock_count: 'stockCounts',
  adjustment: 'adjustments',
};

/** Milliseconds before a dropped stream is opened again (with a new ticket). */
const RETRY_MS = 5_000;

/**
 * The live update stream: GET /api/events, opened with a ticket (an EventSource cannot
 * send the Authorization header). `counts` reloads the menu badges and the low-stock bell at once;
 * `list-changed` is passed on as {@link LIST_CHANGED_EVENT}, so an open list, transfer, count or
 * adjustment page reloads (useWorkflowList), and the kind's list screens reload their rows (the
 * react-admin getList queries of its resource: the open screen's page refetches, the others are
 * marked stale), so a row never stays behind its badge. A dropped stream is reopened after 5 s; no
 * badge is polled.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | undefined;
    let retry: number | undefined;
    let stopped = false;
    const again = () => {
      if (!stopped) retry = window.setTimeout(() => void open(), RETRY_MS);
    };
    const open = async () => {
      try {
        const { data } = await apiCall<{ ticket: string }>('POST', '/events/ticket');
        if (stopped) return;
        source = new EventSource(`${API_URL}/events?ticket=${encodeURIComponent(data.ticket)}`);
        source.addEventListener('counts', () => refreshCounts());
        source.addEventListener('list-changed', (e) => {
          const detail = JSON.parse((e as MessageEvent<string>).data) as { kind?: string; id?: string };
          window.dispatchEvent(new CustomEvent(LIST_CHANGED_EVENT, { detail }));
          const resource = detail.kind ? LIST_RESOURCES[detail.kind] : undefined;
          if (resource) void queryClient.invalidateQueries({ queryKey: [resource, 'getList'] });
        });
        source.onerror = () => {
          source?.close();
          again();
        };
      } catch {
        again();
      }
    };
    void open();
    return () => {
      stopped = true;
      source?.close();
      window.clearTimeout(retry);
    };
  }, [queryClient]);
}
