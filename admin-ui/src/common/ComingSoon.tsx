import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** Placeholder for a screen that is not built yet, under its real title (issue 2, Admin UI). */
export const ComingSoon = ({ title }: { title: string }) => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate(title)} />
      <CardContent>
        <Typography variant="h5" gutterBottom>{translate(title)}</Typography>
        <Typography color="text.secondary">{translate('app.coming_soon')}</Typography>
      </CardContent>
    </Card>
  );
};
