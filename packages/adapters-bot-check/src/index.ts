export { localBotCheck, LOCAL_TOKEN_TTL_MS } from './local-bot-check.js';
export type { LocalBotCheck } from './local-bot-check.js';
export { turnstileBotCheck, TURNSTILE_SITEVERIFY_URL, TURNSTILE_TIMEOUT_MS } from './turnstile-bot-check.js';
export type { TurnstileOptions } from './turnstile-bot-check.js';
