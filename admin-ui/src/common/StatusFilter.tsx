import { SelectInput, required } from 'react-admin';

/** Default filter value of lists with the Active/Removed filter. */
export const ACTIVE_FILTER = { status: 'active' };

/**
 * The Active/Removed status filter; `removed` makes the dataProvider read the
 * resource's removed list. Required, so it always shows one of the two.
 */
export const StatusFilter = (_props: { alwaysOn?: boolean; source?: string }) => (
  <SelectInput
    source="status"
    label="app.status"
    choices={[
      { id: 'active', name: 'app.active' },
      { id: 'removed', name: 'app.removed' },
    ]}
    validate={required()}
    helperText={false}
    sx={{ minWidth: 160 }}
  />
);
