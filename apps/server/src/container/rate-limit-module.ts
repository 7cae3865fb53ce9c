import { ContainerModule } from 'inversify';
import { flexibleRateLimiter, type RateLimitStore } from '@idv/adapters-rate-limit';
import type { AppConfig } from '../config/app-config.js';
import { TOKENS } from './tokens.js';

/**
 * Where every rate limiter counts (memory, or the Redis the instances share), and the outer limiter
 * of the public routes: one instance that every public router mounts (webhooks, payment callbacks
 * unless they have their own). The areas bind their own limiters over the same store.
 */
export const rateLimitModule = (config: AppConfig, store: RateLimitStore): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.RateLimitStore).toConstantValue(store);
    bind(TOKENS.PublicRateLimiter).toDynamicValue((context) =>
      flexibleRateLimiter(store, config.rateLimits.public, { name: 'public', logger: context.get(TOKENS.Logger) }),
    );
  });
