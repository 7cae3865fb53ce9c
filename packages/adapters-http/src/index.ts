export { apiRoutes, createHttpApp } from './app.js';
export type { Route, RouteInput } from './routes/route.js';
export type { HttpAppOptions, HttpServices } from './http-services.js';
export type { AppLinks } from './app-links/app-links.js';
export { ERROR_STATUS } from './errors/error-status.js';
export type { ErrorCode, HttpEdgeErrorCode } from './errors/error-status.js';
export { errorBody } from './errors/error-body.js';
export type { ErrorBody } from './errors/error-body.js';
export { callerOf } from './request-auth.js';
