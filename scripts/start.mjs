// `npm start`: build what is stale, then run the server (app and API on one port).
import { buildIfStale } from './build.mjs';

try {
  buildIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
await import('../apps/api/dist/main.js');
