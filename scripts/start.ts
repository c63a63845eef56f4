/**
 * `npm start`: builds the front end when dist/ is missing or older than its sources, then runs the server, which
 * applies migrations, loads reference and demo data into an empty embedded database, and serves app and API.
 */
import { main } from '../server/main';
import { ensureFrontendBuilt } from './lib/frontend';

ensureFrontendBuilt();
void main();
