import { benchAuth } from './auth';
import { benchPanelSize } from './panel-size';

/** `npm run bench`: each section starts what it measures and prints its own table. */
async function main() {
  await benchAuth();
  benchPanelSize();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
