import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { IncomingList } from './api';

/** A list's status as a person reads it. */
export const StatusText = ({ status }: { status: string }) => {
  const translate = useTranslate();
  return <>{translate(`incoming.statuses.${status}`, { _: status })}</>;
};

const Remarks = ({ list }: { list: IncomingList }) => (
  <Box>
    {list.remarks.map((r, i) => (
      <Typography key={i} variant="body2">
        <strong>{`${r.remark_by.first_name} ${r.remark_by.last_name}`}:</strong> {r.content}
      </Typography>
    ))}
  </Box>
);

/** The incoming lists table (spec 2): GRN, Status, Created By, Created At, Remarks, Warehouse, Actions. */
export const IncomingTable = ({ lists, detailPath }: { lists: IncomingList[]; detailPath: string }) => {
  const translate = useTranslate();
  const heads = ['grn', 'status', 'created_by', 'created_at', 'remarks', 'warehouse'];
  return (
    <Table size="small" aria-label={translate('incoming.list_title')}>
      <TableHead>
        <TableRow>
          {heads.map((h) => <TableCell key={h}>{translate(`incoming.${h}`)}</TableCell>)}
          <TableCell>{translate('app.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lists.length === 0 && (
          <TableRow><TableCell colSpan={7}>{translate('incoming.no_lists')}</TableCell></TableRow>
        )}
        {lists.map((list) => (
          <TableRow key={list._id} data-testid="incoming-row">
            <TableCell>{list.grn}</TableCell>
            <TableCell><StatusText status={list.status} /></TableCell>
            <TableCell>{`${list.created_by.first_name} ${list.created_by.last_name}`}</TableCell>
            <TableCell>{new Date(list.createdAt).toLocaleString()}</TableCell>
            <TableCell><Remarks list={list} /></TableCell>
            <TableCell>{list.warehouse.name}</TableCell>
            <TableCell>
              <Tooltip title={translate('incoming.open')}>
                <IconButton size="small" color="primary" aria-label={`${translate('incoming.open')} ${list.grn}`} component={Link} to={`${detailPath}/${list._id}`}>
                  <OpenInNewIcon />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
