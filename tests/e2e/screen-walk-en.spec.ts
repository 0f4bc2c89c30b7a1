import { checkScreen } from './support/screenChecks';
import { walkEveryScreen } from './support/walk';

/** Every screen of the panel in English at 1280×720, one visit each (support/screenChecks.ts says what is checked). */
walkEveryScreen(['en'], 'desktop', checkScreen);
