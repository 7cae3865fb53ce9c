import * as t from 'io-ts';
import { publicEndpoint } from '../edge/public-endpoint.js';
import { created } from '../edge/reply.js';
import type { Route } from './route.js';

const StandInToken = t.type({ token: t.string, expiresInSeconds: t.number }, 'BotCheckStandInToken');

/** Seconds a stand-in token passes (the local stand-in's five minutes). */
const STAND_IN_TTL_SECONDS = 300;

/**
 * `POST /dev/bot-check-tokens`: a token of the local bot-check stand-in, for what plays the browser's
 * challenge in development and tests (`npm run demo`, the end-to-end suites). Served only while the
 * stand-in is on, which the configuration refuses in production.
 */
export const botCheckStandInRoutes = (issue: () => string): readonly Route[] => [
  publicEndpoint({
    method: 'post',
    path: '/dev/bot-check-tokens',
    doc: {
      summary: 'A bot-check token of the local stand-in (development and tests only)',
      description:
        "Served only with `BOT_CHECK_LOCAL=true`, which is refused in production. Stands in for the Turnstile widget: the token passes the purchase's bot check once, within five minutes, on this instance.",
      tag: 'development',
      responses: { 201: { description: 'A fresh single-use token', body: StandInToken } },
    },
    handle: async () => created({ token: issue(), expiresInSeconds: STAND_IN_TTL_SECONDS }),
  }),
];
