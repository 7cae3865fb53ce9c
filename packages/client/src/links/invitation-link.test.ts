import test from 'ava';
import { parseInvitationLink } from './invitation-link.js';
import { createTicketConsumer } from './ticket-consumer.js';
import { invitationRedirectUrl } from './invitation-redirect-url.js';

const APP = { appOrigin: 'https://app.test' };

const parses = test.macro({
  exec: (t, link: string, expected: ReturnType<typeof parseInvitationLink>) => t.deepEqual(parseInvitationLink(link, APP), expected),
  title: (_, link, expected) => `${link} → ${JSON.stringify(expected)}`,
});

test(parses, 'https://app.test/sign-up?__idp_ticket=T&__idp_status=sign_up', { ticket: 'T', status: 'sign_up' });
test(parses, 'https://app.test/sign-up?__idp_ticket=T&__idp_status=sign_in', { ticket: 'T', status: 'sign_in' });
test(parses, 'https://app.test/sign-up?__idp_ticket=T&__idp_status=complete', { ticket: 'T', status: 'complete' });
test(parses, 'https://app.test/sign-up?__idp_ticket=T', { ticket: 'T', status: 'sign_up' });
test(parses, 'https://app.test/sign-up/?__idp_ticket=T', { ticket: 'T', status: 'sign_up' });
test(parses, 'https://APP.test/sign-up?__idp_ticket=a%2Bb', { ticket: 'a+b', status: 'sign_up' });
test(parses, 'https://app.test/sign-up?__idp_ticket=T&__idp_status=bogus', null);
test(parses, 'https://app.test/sign-up?__idp_status=sign_up', null);
test(parses, 'https://app.test/sign-up?__idp_ticket=&__idp_status=sign_up', null);
test(parses, 'https://evil.test/sign-up?__idp_ticket=T', null);
test(parses, 'https://app.test.evil.test/sign-up?__idp_ticket=T', null);
test(parses, 'http://app.test/sign-up?__idp_ticket=T', null);
test(parses, 'https://app.test:8443/sign-up?__idp_ticket=T', null);
test(parses, 'https://app.test/en/sign-up?__idp_ticket=T', null);
test(parses, 'https://app.test/sign-upx?__idp_ticket=T', null);
test(parses, 'not a url', null);

test('an http app origin accepts http links; custom path and parameter names are honoured', (t) => {
  t.deepEqual(parseInvitationLink(new URL('http://localhost:3000/sign-up?__idp_ticket=T'), { appOrigin: 'http://localhost:3000' }), {
    ticket: 'T',
    status: 'sign_up',
  });
  t.deepEqual(
    parseInvitationLink('https://app.test/join?t=T&s=sign_in', { ...APP, signUpPath: '/join', ticketParam: 't', statusParam: 's' }),
    { ticket: 'T', status: 'sign_in' },
  );
});

test('a ticket is consumed once; different tickets are independent', (t) => {
  const consume = createTicketConsumer();
  t.true(consume('T1'));
  t.false(consume('T1'));
  t.true(consume('T2'));
  t.false(createTicketConsumer()('T3') === false);
});

test('the invitation redirect URL is {app_url}/sign-up without a double slash', (t) => {
  t.is(invitationRedirectUrl('https://app.test/'), 'https://app.test/sign-up');
  t.is(invitationRedirectUrl('https://app.test'), 'https://app.test/sign-up');
  t.is(invitationRedirectUrl('https://app.test/base//?x=1#f', '/join'), 'https://app.test/base/join');
  t.throws(() => invitationRedirectUrl('javascript:alert(1)'), { instanceOf: TypeError });
});
