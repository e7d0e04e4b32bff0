import { useMediaQuery, type Theme } from '@mui/material';
import { cloneElement, type ReactElement } from 'react';

/**
 * A list's filter inputs, shown inline (`alwaysOn`) at desktop width and collapsed behind the list
 * toolbar's Filters button (react-admin's `<FilterButton />`, which the list's actions must include)
 * below 600 px, so no list scrolls sideways at phone width.
 */
export function usePhoneFilters(filters: ReactElement[]): ReactElement[] {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return phone ? filters.map((filter) => cloneElement(filter as ReactElement<{ alwaysOn?: boolean }>, { alwaysOn: false })) : filters;
}
