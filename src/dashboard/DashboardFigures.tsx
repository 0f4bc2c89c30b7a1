import { Box } from '@mui/material';
import type { AreaFigures } from '../registry/types';

const cardsOf = (figures: AreaFigures[]) => figures.map(({ component: Figures }, index) => <Figures key={index} />);

/**
 * The areas' figure cards in their order (each shows only what the user's permissions allow): the cards in a grid that
 * is one column on a phone, the wide ones below it.
 */
const DashboardFigures = ({ figures }: { figures: AreaFigures[] }) => (
  <>
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {cardsOf(figures.filter((figure) => !figure.wide))}
    </Box>
    {cardsOf(figures.filter((figure) => figure.wide))}
  </>
);

export default DashboardFigures;
