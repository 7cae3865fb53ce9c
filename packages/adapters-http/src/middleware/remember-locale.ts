import * as O from 'fp-ts/lib/Option.js';
import type { Middleware } from 'koa';
import { requestLocale, type Logger } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { optionalHeader } from '../request-headers.js';
import '../request-auth.js';

/**
 * The language a bearer request names (`X-Locale`, else `Accept-Language`) is stored on
 * its user when it differs from the one loaded with the user row, so an unchanged language costs no
 * query and no write. A malformed value is ignored; a failed write is logged at warn and never
 * fails the request.
 */
export const rememberLocale =
  (services: HttpServices, logger: Logger): Middleware =>
  (ctx, next) => {
    const user = ctx.request.auth?.user;
    if (user == null) return next();
    const locale = requestLocale({ xLocale: optionalHeader(ctx, 'x-locale'), acceptLanguage: optionalHeader(ctx, 'accept-language') });
    // An unchanged language, nearly every request, adds no async step of its own (docs/performance.md).
    if (O.isNone(locale) || locale.value === user.locale) return next();
    const store = async () => {
      try {
        await services.rememberLocale(user, locale.value)();
      } catch (error) {
        logger.warn({ err: error instanceof Error ? error.message : String(error), path: ctx.path }, 'language not stored');
      }
      await next();
    };
    return store();
  };
