// first: starts the fetches the first render waits for (src/boot.ts)
import { starting } from './boot';
import { startPanel } from './startPanel';

void startPanel(document.getElementById('root')!, starting);
