import test from 'ava';
import { signInRedirect } from './sign-in-redirect.js';

test('the sign-in URL resolves against the request and carries the full URL as redirect_url', (t) => {
  const location = new URL(signInRedirect(new URL('https://app.test/en/shop?x=1#top'), '/sign-in'));
  t.is(location.origin + location.pathname, 'https://app.test/sign-in');
  t.is(location.searchParams.get('redirect_url'), 'https://app.test/en/shop?x=1#top');
});

test('an absolute sign-in URL keeps its own origin and query', (t) => {
  const location = new URL(signInRedirect(new URL('https://app.test/en'), 'https://accounts.app.test/sign-in?lang=en'));
  t.is(location.host, 'accounts.app.test');
  t.is(location.searchParams.get('lang'), 'en');
  t.is(location.searchParams.get('redirect_url'), 'https://app.test/en');
});
