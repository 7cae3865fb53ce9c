import test from 'ava';
import type { AsyncContextPropagation } from './async-context.js';
import { RequestScopes } from './request-scopes.js';

// Every rule holds whichever way the scopes are carried (the default depends on the runtime).
for (const propagation of ['async-local-storage', 'promise-continuations'] as const satisfies readonly AsyncContextPropagation[]) {
  test(`${propagation}: a slot value is seen by the work it runs and everything that work awaits, and nowhere else`, async (t) => {
    const scopes = new RequestScopes(propagation);
    const slot = scopes.slot<string>();
    t.is(slot.getStore(), undefined);
    await slot.run('outer', async () => {
      await Promise.resolve();
      t.is(slot.getStore(), 'outer');
      await slot.run('inner', async () => {
        await new Promise<void>((resolve) => setImmediate(resolve));
        t.is(slot.getStore(), 'inner');
      });
      t.is(slot.getStore(), 'outer');
    });
    t.is(slot.getStore(), undefined);
  });

  test(`${propagation}: inside a slot the request scope stays the same one: its id, and a user set there is seen after`, async (t) => {
    const scopes = new RequestScopes(propagation);
    const slot = scopes.slot<number>();
    await scopes.run('req-7', async () => {
      await slot.run(1, async () => {
        t.is(scopes.current().requestId, 'req-7');
        scopes.current().user = 'user_inside';
        scopes.addBreadcrumb({ category: 'inside' });
      });
      t.is(scopes.current().user, 'user_inside');
      t.deepEqual(
        scopes.current().breadcrumbs.map((crumb) => crumb.category),
        ['inside'],
      );
    });
  });

  test(`${propagation}: two slots never see each other, and concurrent runs of one slot keep their own values`, async (t) => {
    const scopes = new RequestScopes(propagation);
    const first = scopes.slot<string>();
    const second = scopes.slot<string>();
    const seen = await Promise.all(
      ['a', 'b', 'c'].map((value) =>
        first.run(value, async () => {
          await new Promise<void>((resolve) => setImmediate(resolve));
          return second.run(`${value}2`, async () => [first.getStore(), second.getStore()]);
        }),
      ),
    );
    t.deepEqual(seen, [
      ['a', 'a2'],
      ['b', 'b2'],
      ['c', 'c2'],
    ]);
  });

  test(`${propagation}: a scope opened inside a slot is a new request scope that still sees the slot value`, async (t) => {
    const scopes = new RequestScopes(propagation);
    const slot = scopes.slot<string>();
    await scopes.run('req-outer', () =>
      slot.run('open transaction', () =>
        scopes.run('req-inner', async () => {
          t.is(scopes.current().requestId, 'req-inner');
          t.is(slot.getStore(), 'open transaction');
        }),
      ),
    );
  });
}
