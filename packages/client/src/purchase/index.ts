export { startPurchase } from './start-purchase.js';
export type { PurchaseOrder, StartedPurchase, StartPurchaseRequest, StartPurchaseResult } from './start-purchase.js';
export { PurchaseWatchError, TERMINAL_PURCHASE_STATUSES, watchPurchase } from './watch-purchase.js';
export type { PurchaseProgress, WatchPurchaseRequest } from './watch-purchase.js';
export type { PurchaseFailure, PurchaseSummary } from './purchase-answers.js';
export type { Wait } from './wait.js';
