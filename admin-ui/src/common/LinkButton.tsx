import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** A toolbar button that opens a spec path (e.g. 'Add New Staff' -> /userRegistration). */
export const LinkButton = ({ to, label }: { to: string; label: string }) => {
  const translate = useTranslate();
  return (
    <Button component={Link} to={to} variant="contained" size="small" startIcon={<AddIcon />}>
      {translate(label)}
    </Button>
  );
};
