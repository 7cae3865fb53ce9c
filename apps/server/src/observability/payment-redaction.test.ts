import test from 'ava';
import { Writable } from 'node:stream';
import { createLogger } from './create-logger.js';

test('card data, buyer details and identity numbers are redacted from every log line', (t) => {
  let out = '';
  const sink = new Writable({ write: (chunk, _encoding, done) => ((out += String(chunk)), done()) });
  const logger = createLogger('info', sink as never);
  logger.info(
    {
      buyer: { identityNumber: '10000000146', name: 'Ada' },
      paymentCard: { cardNumber: '5528790000000008', cvc: '123' },
      request: { card: { number: '5528790000000008' }, buyer: { identityNumber: '10000000146' }, identityNumber: '10000000146' },
      identityNumber: '10000000146',
    },
    'initialize',
  );
  t.false(out.includes('5528790000000008'));
  t.false(out.includes('10000000146'));
  t.true(out.includes('[REDACTED]'));
});
