import { Box } from '@mui/material';
import { CareFigures } from './CareFigures';
import { FileFigures } from './FileFigures';
import { MailFigures } from './MailFigures';
import { TokenFigures } from './TokenFigures';
import { UserFigures } from './UserFigures';

/** The figures the user's permissions allow, in a grid that is one column on a phone. */
const DashboardFigures = () => (
  <>
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
      <MailFigures />
      <FileFigures />
      <TokenFigures />
      <UserFigures />
    </Box>
    <CareFigures />
  </>
);

export default DashboardFigures;
