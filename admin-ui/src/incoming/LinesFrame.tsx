import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ScrollRegion } from './ScrollRegion';
import type { ListKind } from './WorkflowListParts';

/** A line of an incoming or outgoing list, as far as the frame needs it. */
interface FramedLine {
  _id: string;
  product: { name: string };
}

interface LinesFrameProps<L extends FramedLine> {
  kind: ListKind;
  /** i18n key of the table's accessible name. */
  label: string;
  /** i18n keys (under `kind`) of the column heads before Actions. */
  heads: string[];
  lines: L[];
  editable: boolean;
  /** The row's cells under `heads`. */
  cells: (line: L) => ReactNode;
  onEdit: (line: L) => void;
  onRemove: (line: L) => void;
}

/**
 * The lines table of a list detail page: the heads, 'No products on this list yet' when
 * empty, the row cells and, while the role may change lines, Edit and Delete named after the product.
 * It scrolls sideways inside its region at phone width.
 */
export function LinesFrame<L extends FramedLine>({ kind, label, heads, lines, editable, cells, onEdit, onRemove }: LinesFrameProps<L>) {
  const translate = useTranslate();
  const action = (key: 'edit_line' | 'delete_line', line: L) => `${translate(`${kind}.${key}`)} ${line.product.name}`;
  return (
    <ScrollRegion label={translate(label)}>
      <Table size="small" aria-label={translate(label)}>
        <TableHead>
          <TableRow>
            {heads.map((h) => <TableCell key={h}>{translate(`${kind}.${h}`)}</TableCell>)}
            {editable && <TableCell>{translate('app.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.length === 0 && <TableRow><TableCell colSpan={heads.length + 1}>{translate(`${kind}.no_lines`)}</TableCell></TableRow>}
          {lines.map((line) => (
            <TableRow key={line._id} data-testid="line-row">
              {cells(line)}
              {editable && (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate(`${kind}.edit_line`)}>
                    <IconButton size="small" color="primary" aria-label={action('edit_line', line)} onClick={() => onEdit(line)}><EditIcon /></IconButton>
                  </Tooltip>
                  <Tooltip title={translate(`${kind}.delete_line`)}>
                    <IconButton size="small" color="error" aria-label={action('delete_line', line)} onClick={() => onRemove(line)}><DeleteIcon /></IconButton>
                  </Tooltip>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
