import { checkScreen } from './support/screenChecks';
import { walkEveryScreen } from './support/walk';

/** Every screen of the panel in German, one visit each (support/screenChecks.ts says what is checked). */
walkEveryScreen(['de'], checkScreen);
