import { checkScreen } from './support/screenChecks';
import { walkEveryScreen } from './support/walk';

/** Every screen of the panel in German at 1280×720, one visit each (support/screenChecks.ts says what is checked). */
walkEveryScreen(['de'], 'desktop', checkScreen);
