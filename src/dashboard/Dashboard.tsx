import { Box, Card, CardContent, Typography } from '@mui/material';
import { Suspense } from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import type { AreaFigures } from '../registry/types';
import DashboardFigures from './DashboardFigures';

/**
 * /dashboard: greets the user by public name (fallback 'no public name') and shows the areas' cards of live figures,
 * those their permissions allow (docs/api.md, Statistics), each read again every minute.
 */
const Dashboard = ({ figures }: { figures: AreaFigures[] }) => {
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
      {/* the greeting shows at once; the cards follow together once their chunks are loaded */}
      <Suspense fallback={null}>
        <DashboardFigures figures={figures} />
      </Suspense>
    </Box>
  );
};

export default Dashboard;
