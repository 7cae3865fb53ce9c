import { randomBytes } from 'node:crypto';
import { base62 } from '../support/ids.js';

/** A fresh development secret key `sk_test_…`. */
export const generateSecretKey = (): string => `sk_test_${base62(40)}`;

/** A fresh webhook signing secret: `whsec_` + base64 of 32 random bytes. */
export const generateWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
