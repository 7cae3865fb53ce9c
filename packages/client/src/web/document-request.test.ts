import test from 'ava';
import { isDocumentRequest } from './document-request.js';

const is = test.macro({
  exec: (t, headers: Record<string, string>, expected: boolean) => t.is(isDocumentRequest(new Headers(headers)), expected),
  title: (_, headers, expected) => `${JSON.stringify(headers)} is ${expected ? '' : 'not '}a document request`,
});

test(is, { 'sec-fetch-dest': 'document' }, true);
test(is, { 'sec-fetch-dest': 'iframe' }, true);
test(is, { accept: 'text/html,application/xhtml+xml' }, true);
test(is, { 'x-nextjs-data': '1' }, true);
test(is, { 'next-url': '/en/shop', rsc: '1' }, true);
test(is, { accept: 'application/json', 'sec-fetch-dest': 'empty' }, false);
test(is, {}, false);
test(is, { 'next-action': 'abc', 'next-url': '/en/shop', accept: 'text/x-component' }, false);
test(is, { 'next-action': 'abc', 'sec-fetch-dest': 'document' }, false);
