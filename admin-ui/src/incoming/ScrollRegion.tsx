import { TableContainer } from '@mui/material';
import type { ReactNode } from 'react';

interface ScrollRegionProps {
  label: string;
  /** Pixels after which the rows scroll inside the box too (a long preview). */
  maxHeight?: number;
  children: ReactNode;
}

/**
 * A table's box that scrolls sideways instead of widening the page at phone width; a named,
 * focusable region, so keyboard users can scroll it too (axe scrollable-region-focusable). Its cells
 * keep whole words (the phone layout breaks words anywhere elsewhere): a column is never narrower
 * than its longest word ("Product", not "Pr od uc t"), and the table scrolls in the box instead.
 */
export const ScrollRegion = ({ label, maxHeight, children }: ScrollRegionProps) => (
  <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ maxHeight, '& th, & td': { overflowWrap: 'normal', wordBreak: 'normal' } }}>
    {children}
  </TableContainer>
);
