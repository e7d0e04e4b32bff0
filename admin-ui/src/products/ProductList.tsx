import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useEffect } from 'react';
import {
  Datagrid, FilterButton, FunctionField, List, SimpleList, TextField, TextInput, TopToolbar,
  useListContext, useRecordContext, useRefresh, useTranslate, type RaRecord,
} from 'react-admin';
import { can } from '@inventory/common';
import { LinkButton, SoftRemoveActions } from '../common/LinkButton';
import { ListPagination } from '../common/ListPagination';
import { PageTitle } from '../common/PageTitle';
import { ServerExportButton } from '../common/ServerExportButton';
import { ACTIVE_FILTER, StatusFilter } from '../common/StatusFilter';
import { usePhoneFilters } from '../common/usePhoneFilters';
import { readSession } from '../providers/session';
import { ImageCell } from './ImageCell';
import type { Product } from './product';

/** Page sizes of the product list. */
const PAGE_SIZES = [5, 10, 20, 40];
/** Page size of a search (each keystroke asks for page 1 with limit 50). */
const SEARCH_LIMIT = 50;

/** The pager: by 50 while a search is typed, otherwise by the chosen size. */
const ProductPagination = () => {
  const { filterValues, perPage, setPerPage } = useListContext();
  const searching = Boolean(filterValues?.q);
  useEffect(() => {
    if (searching && perPage !== SEARCH_LIMIT) setPerPage(SEARCH_LIMIT);
    if (!searching && perPage === SEARCH_LIMIT) setPerPage(10);
  }, [searching, perPage, setPerPage]);
  return <ListPagination rowsPerPageOptions={searching ? [SEARCH_LIMIT] : PAGE_SIZES} />;
};

/** Name with the code and the description under it. */
const NameCell = (_props: { label: string; source: string }) => {
  const p = useRecordContext<RaRecord & Product>();
  if (!p) return null;
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>{p.name}</Typography>
      <Typography variant="caption" component="div">{p.code}</Typography>
      <Typography variant="caption" component="div" color="text.secondary">{p.description}</Typography>
    </>
  );
};

/** The image column; uploads (warehouseAdmin, active products) refresh the list. */
const ImageField = ({ manager }: { manager: boolean; label?: string }) => {
  const p = useRecordContext<RaRecord & Product>();
  const { filterValues } = useListContext();
  const refresh = useRefresh();
  if (!p) return null;
  return <ImageCell product={p} manager={manager && filterValues?.status !== 'removed'} onChanged={refresh} />;
};

const specifications = (p: RaRecord) => (p as RaRecord & Product).specifications.map((s) => <div key={s.name}>{s.name}: {s.value}</div>);
const units = (p: RaRecord) => (p as RaRecord & Product).quantity.join(', ');

/** warehouseAdmin row actions: edit and delete on active products, Undo on removed ones. */
const ProductActions = (_props: { label?: string }) => (
  <SoftRemoveActions resource="products" messages="products" restore="undo" editPath={(id) => `/addProduct/${id}`} />
);

/** Below 600 px: one item per product (image, name and code, category and units; actions on the right). */
const PhoneProductList = ({ manager }: { manager: boolean }) => (
  <SimpleList
    rowClick={false}
    leftIcon={() => <ImageField manager={manager} />}
    primaryText={(p: RaRecord) => `${p.name} · ${p.code}`}
    secondaryText={(p: RaRecord) => `${(p as RaRecord & Product).category.name} · ${units(p)}`}
    rightIcon={manager ? () => <ProductActions /> : undefined}
  />
);

/**
 * /viewProduct: 'List of Products' on react-admin's List: the search (name, code,
 * description, category; debounced 300 ms), server paging by 5/10/20/40 (50 while searching),
 * header clicks sort on the server (name, category), Export and Excel download the server's file.
 * warehouseAdmin gets Add new product, the Active/Removed filter, edit/delete/Undo and images.
 * Filters live in the URL only, so the menu opens the default view.
 */
export const ProductList = () => {
  const translate = useTranslate();
  const manager = can(readSession()?.role, 'products.manage');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const search = <TextInput key="q" source="q" label="products.search" type="search" alwaysOn helperText={false} />;
  const filters = usePhoneFilters(manager ? [search, <StatusFilter key="status" source="status" alwaysOn />] : [search]);
  return (
    <Box>
      <PageTitle title="products.list_title" />
      <List
        resource="products" title=" " perPage={10} debounce={300} storeKey={false} filters={filters}
        filterDefaultValues={ACTIVE_FILTER} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false} empty={false}
        pagination={<ProductPagination />}
        actions={(
          <TopToolbar sx={{ flexWrap: 'wrap' }}>
            {phone && <FilterButton disableSaveQuery />}
            {manager && <LinkButton to="/addProduct" label="products.add" />}
            <ServerExportButton />
          </TopToolbar>
        )}
      >
        {phone ? <PhoneProductList manager={manager} /> : (
          <Datagrid bulkActionButtons={false} rowClick={false} aria-label={translate('products.list_title')}
            empty={<Typography variant="body2" sx={{ p: 2 }}>{translate('products.empty')}</Typography>}>
            <NameCell source="name" label="products.name" />
            <ImageField manager={manager} label="products.image" />
            <TextField source="category.name" label="products.category" />
            <FunctionField label="products.specifications" render={specifications} />
            <FunctionField label="products.quantity" render={units} />
            {manager && <ProductActions label="app.actions" />}
          </Datagrid>
        )}
      </List>
    </Box>
  );
};
