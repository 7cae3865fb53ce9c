import type Router from '@koa/router';
import type { Layer } from '@koa/router';
import type { Middleware } from 'koa';
import compose from 'koa-compose';

type Answers = ReadonlyMap<string, ReadonlyMap<string, Middleware>>;

/**
 * The router's own answer for each request to a route path without parameters, worked out once at
 * startup. @koa/router tests the pattern of every registered route on every request, then copies and
 * composes what matched (about 30 K instructions, 5 % of a webhook delivery; docs/performance.md); a request
 * whose method and path are exactly those of such a route now skips that. A path is answered here
 * only when the router's own match for it is that one route, so nothing changes: a path that an
 * earlier route with parameters also matches, every other spelling of a path (another case, a
 * trailing slash) and every path with parameters still go through the router.
 */
export const exactRouteDispatch = (router: Router): Middleware & { readonly router: Router } => {
  const answers = exactRouteAnswers(router);
  const dispatch = router.routes() as unknown as Middleware;
  const middleware: Middleware = (ctx, next) => {
    const answer = answers.get(ctx.path)?.get(ctx.method);
    return answer === undefined ? dispatch(ctx, next) : answer(ctx, next);
  };
  // As on the router's own dispatch: whoever holds the app can find its router.
  return Object.assign(middleware, { router });
};

/** Path → method → the route's middleware, for each route the router alone matches at its own path. */
export const exactRouteAnswers = (router: Router): Answers => {
  const answers = new Map<string, Map<string, Middleware>>();
  // A router that matches hosts, or reads its path from elsewhere, is left to decide every request itself.
  if (router.opts.host !== undefined || router.opts.routerPath !== undefined) return answers;
  for (const layer of router.stack) {
    if (typeof layer.path !== 'string' || layer.paramNames.length > 0) continue;
    const path = layer.path;
    for (const method of layer.methods) {
      const matched = router.match(path, method);
      if (matched.pathAndMethod.length !== 1 || matched.pathAndMethod[0] !== layer) continue;
      const byMethod = answers.get(path) ?? new Map<string, Middleware>();
      byMethod.set(method, answerOf(router, layer, matched.path));
      answers.set(path, byMethod);
    }
  }
  return answers;
};

/**
 * What the router's dispatch sets on the context for a route without parameters (`matched`: every
 * route at that path, whatever its method), then the route's middleware.
 */
const answerOf = (router: Router, layer: Layer, pathMatches: readonly Layer[]): Middleware => {
  const middleware = layer.stack as unknown as Middleware[];
  // The app registers each route as one middleware, composed once already: no second composition
  // (and no promise of its own) per request.
  const stack = middleware.length === 1 ? middleware[0]! : compose(middleware);
  const path = layer.path as string;
  return (ctx, next) => {
    const routed = ctx as unknown as Record<string, unknown>;
    const params = {};
    routed['router'] = router;
    routed['routeMatched'] = true;
    // A copy per request: a router dispatching later in the same request appends to it.
    routed['matched'] = [...pathMatches];
    routed['captures'] = [];
    routed['params'] = params;
    (ctx.request as unknown as Record<string, unknown>)['params'] = params;
    routed['routerPath'] = path;
    routed['routerName'] = layer.name;
    routed['_matchedRoute'] = path;
    if (layer.name) routed['_matchedRouteName'] = layer.name;
    return stack(ctx, next);
  };
};
