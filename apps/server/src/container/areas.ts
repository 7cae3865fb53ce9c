import { agreements } from './agreements-module.js';
import { commerce } from './commerce-module.js';
import { devices } from './devices-module.js';
import { events } from './events-module.js';
import { identity } from './identity-module.js';
import { organizations } from './organizations-module.js';
import { payments } from './payments-module.js';

/**
 * The areas of the service. Adding one is its module file and one line here: the container loads
 * its module, the HTTP app serves its use cases, and the server starts and stops its jobs.
 */
export const AREAS = [identity, organizations, payments, devices, commerce, events, agreements] as const;
