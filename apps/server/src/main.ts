// `npm run dev` runs this file through tsx; the build runs the same startServer through boot.ts.
import { failedToStart, startServer } from './start.ts';

startServer().catch(failedToStart);
