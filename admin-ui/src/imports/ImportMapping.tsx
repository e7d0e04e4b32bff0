import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { IMPORT_COLUMNS, type ImportKind } from '@inventory/common';

interface ImportMappingProps {
  kind: ImportKind;
  /** The file's column headers. */
  headers: readonly string[];
  /** target field -> file column. */
  mapping: Record<string, string>;
  disabled?: boolean;
  onChange: (mapping: Record<string, string>) => void;
}

/** The column-mapping step: one dropdown per target field of the kind, offering the file's headers; required fields marked. */
export const ImportMapping = ({ kind, headers, mapping, disabled, onChange }: ImportMappingProps) => {
  const translate = useTranslate();
  const choose = (field: string, header: string) => {
    const { [field]: _old, ...rest } = mapping;
    onChange(header ? { ...rest, [field]: header } : rest);
  };
  return (
    <Box data-testid="import-mapping" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h2">{translate('imports.mapping_title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('imports.mapping_help')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {IMPORT_COLUMNS[kind].map((c) => {
          const value = mapping[c.field] ?? '';
          const options = value && !headers.includes(value) ? [...headers, value] : headers;
          return (
            <TextField
              key={c.field} select size="small" disabled={disabled} value={value} helperText={c.description}
              label={c.header} required={c.required} error={c.required && !value}
              onChange={(e) => choose(c.field, e.target.value)}
            >
              <MenuItem value=""><em>{translate('imports.not_mapped')}</em></MenuItem>
              {options.map((h) => <MenuItem key={h} value={h}>{h}</MenuItem>)}
            </TextField>
          );
        })}
      </Box>
    </Box>
  );
};
