import { Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** The spec's screen title, shown in the page and in the header. */
export const PageTitle = ({ title }: { title: string }) => {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate(title)} />
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 1 }}>{translate(title)}</Typography>
    </>
  );
};
