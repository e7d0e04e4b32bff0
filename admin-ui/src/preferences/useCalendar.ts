import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Calendar } from '../common/format';
import { apiCall } from '../providers/httpClient';
import { readSession } from '../providers/session';

/** The signed-in user as GET /api/users/getUser answers it; only the calendar is read here. */
interface CurrentUser {
  calendar?: string;
}

const CURRENT_USER = ['users', 'getUser'] as const;

const asCalendar = (value: unknown): Calendar => (value === 'ethiopian' ? 'ethiopian' : 'gregorian');

/**
 * The signed-in user's calendar for showing dates: `calendar` of GET /api/users/getUser,
 * Gregorian while it loads, when it fails or when the server does not send one.
 */
export function useCalendar(): Calendar {
  const { data } = useQuery({
    queryKey: CURRENT_USER,
    queryFn: async () => (await apiCall<CurrentUser>('GET', '/users/getUser')).data,
    enabled: readSession() !== null,
    staleTime: Infinity,
    retry: false,
  });
  return asCalendar(data?.calendar);
}

/** Saves the user's calendar with PUT /api/users/me/preferences and shows it at once. */
export function useSaveCalendar(): (calendar: Calendar) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (calendar: Calendar) => {
      const { data } = await apiCall<CurrentUser>('PUT', '/users/me/preferences', { calendar });
      queryClient.setQueryData<CurrentUser>(CURRENT_USER, (old) => ({ ...old, ...data, calendar: asCalendar(data?.calendar ?? calendar) }));
    },
    [queryClient],
  );
}
