import { checkScreen } from './support/screenChecks';
import { walkEveryScreen } from './support/walk';

/** Every screen of the panel in English on a phone (390×844), one visit each (support/screenChecks.ts says what is checked). */
walkEveryScreen(['en'], 'phone', checkScreen);
