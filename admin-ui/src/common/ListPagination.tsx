import { useCallback } from 'react';
import { Pagination, useListContext, useTranslate, type PaginationProps } from 'react-admin';
import { cappedCount } from '../providers/pageCount';
import { formatNumber } from './format';

/**
 * The pager of the server-paged lists: react-admin's, its numbers in the UI language's digits and
 * grouping ("1-25 of 1,234"). When the server capped the count (at most 1,000 matches with a search,
 * 10,000 without: `total_capped`) it reads "1-25 of 1,000+" and pages on with Next/Previous (the
 * dataProvider's partial pagination), past the cap too.
 */
export const ListPagination = (props: PaginationProps) => {
  const translate = useTranslate();
  const { meta, data } = useListContext();
  const capped = cappedCount(meta);
  const rows = data?.length ?? 0;
  const label = useCallback(
    ({ from, to, count }: { from: number; to: number; count: number }) =>
      capped !== undefined
        // without a total MUI takes a full page for the last row shown; the page's rows say it
        ? translate('app.page_range_capped', { from: formatNumber(from), to: formatNumber(from + Math.max(rows, 1) - 1), count: formatNumber(capped) })
        : translate('ra.navigation.page_range_info', { offsetBegin: formatNumber(from), offsetEnd: formatNumber(to), total: formatNumber(count === -1 ? to : count) }),
    [translate, capped, rows],
  );
  // MUI TablePagination's own prop, which react-admin's Pagination passes on after its label (not in its props' type)
  const labelled = { ...props, labelDisplayedRows: label } as PaginationProps;
  return <Pagination {...labelled} />;
};
