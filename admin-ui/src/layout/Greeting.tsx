import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { messageList } from '../i18n/i18nProvider';
import { readSession } from '../providers/session';
import { greetingKey, lineOfTheDay } from './greeting';

/**
 * "Good Morning, Abebe" with a short motivational line.
 * `h5` (the dashboard's) is the page's level-1 heading; the side menu's (`subtitle1`) is plain text.
 */
export const Greeting = ({ variant = 'subtitle1' }: { variant?: 'subtitle1' | 'h5' }) => {
  const translate = useTranslate();
  const name = readSession()?.first_name || translate('greeting.guest');
  return (
    <Box data-testid="greeting">
      <Typography variant={variant} component={variant === 'h5' ? 'h1' : 'p'} fontWeight={600}>
        {translate(greetingKey())}, {name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {lineOfTheDay(messageList('greeting.lines'))}
      </Typography>
    </Box>
  );
};
