import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { CareFigures } from './CareFigures';
import { FileFigures } from './FileFigures';
import { MailFigures } from './MailFigures';
import { TokenFigures } from './TokenFigures';
import { UserFigures } from './UserFigures';

/**
 * /dashboard: greets the user by public name (fallback 'no public name') and shows the live figures their permissions
 * allow (README, Dashboard), each read again every minute.
 */
const Dashboard = () => {
  const translate = useTranslate();
  const { identity, isPending } = useGetIdentity();
  const name = identity?.fullName || translate('caredesk.account.no_public_name');
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title="caredesk.dashboard.title" />
      <Card>
        <CardContent>
          {!isPending && (
            <Typography variant="h5" component="h1" gutterBottom>
              {translate('caredesk.dashboard.greeting', { name })}
            </Typography>
          )}
          <Typography variant="body1">{translate('caredesk.dashboard.intro')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('caredesk.statistics.refreshed')}
          </Typography>
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        <MailFigures />
        <FileFigures />
        <TokenFigures />
        <UserFigures />
      </Box>
      <CareFigures />
    </Box>
  );
};

export default Dashboard;
