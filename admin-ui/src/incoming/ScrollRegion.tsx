import { TableContainer } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A table's box that scrolls sideways instead of widening the page at phone width (issue 13); a named,
 * focusable region, so keyboard users can scroll it too (axe scrollable-region-focusable).
 */
export const ScrollRegion = ({ label, children }: { label: string; children: ReactNode }) => (
  <TableContainer tabIndex={0} role="region" aria-label={label}>
    {children}
  </TableContainer>
);
