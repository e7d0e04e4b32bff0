import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAppDataProvider } from '../providers/useAppDataProvider';

/** The document kinds whose number a create form pre-fills. */
export type NumberKind = 'grn' | 'gin' | 'trn';

/**
 * Pre-fills a create form's GRN, GIN or TRN with the next free number of the warehouse's series
 * (GET /api/next-number/{kind}, docs/api.md "Next numbers") while the dialog is open and the field
 * is empty or still holds the last proposal (another warehouse chosen): the user may type over it;
 * a number the user typed is never replaced. Asked afresh
 * each time the dialog opens (never cached), so it follows the numbers used meanwhile. A failure
 * leaves the field empty for the user to type, as before.
 */
export function useProposedNumber(kind: NumberKind, warehouse: string | undefined, open: boolean, value: string, setValue: (number: string) => void): void {
  const dataProvider = useAppDataProvider();
  const proposed = useRef<string | undefined>(undefined);
  const { data, isFetching } = useQuery({
    queryKey: ['next-number', kind, warehouse],
    queryFn: async () => (await dataProvider.api<{ number: string }>('GET', `/next-number/${kind}?warehouse=${encodeURIComponent(warehouse ?? '')}`)).data.number,
    enabled: open && !!warehouse,
    retry: false,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    // only a fresh proposal fills the field (not the last opening's while the new one is asked)
    if (!open || !data || isFetching || (value && value !== proposed.current)) return;
    proposed.current = data;
    setValue(data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, data, isFetching]);
}
