import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

/** /dashboard: greets the user by public name (fallback 'no public name'). */
const Dashboard = () => {
  const translate = useTranslate();
  const { identity, isPending } = useGetIdentity();
  const name = identity?.fullName || translate('caredesk.account.no_public_name');
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="caredesk.dashboard.title" />
      <CardContent>
        {!isPending && (
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('caredesk.dashboard.greeting', { name })}
          </Typography>
        )}
        <Typography variant="body1">{translate('caredesk.dashboard.intro')}</Typography>
      </CardContent>
    </Card>
  );
};

export default Dashboard;
