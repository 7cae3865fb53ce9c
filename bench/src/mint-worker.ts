import { parentPort, workerData } from 'node:worker_threads';
import { tokenMinter, type TokenOrder, type TokenSigner } from './tokens.js';

// Worker thread of `mintInParallel`: mints its slice of orders and posts the tokens back.
const { signer, orders } = workerData as { signer: TokenSigner; orders: readonly TokenOrder[] };
const mint = tokenMinter(signer);
parentPort?.postMessage(orders.map(mint));
