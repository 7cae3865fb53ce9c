import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import test from 'ava';
import { createAsyncContext, defaultPropagation, type AsyncContextPropagation } from './async-context.js';

const PROPAGATIONS: readonly AsyncContextPropagation[] = ['async-local-storage', 'promise-continuations'];

const nextMacrotask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

for (const propagation of PROPAGATIONS) {
  test(`${propagation}: a value is seen across awaits and then-callbacks of the work, and not after it`, async (t) => {
    const context = createAsyncContext<string>(propagation);
    t.is(context.getStore(), undefined);
    const seen = await context.run('outer', async () => {
      await Promise.resolve();
      const afterAwait = context.getStore();
      await nextMacrotask();
      const afterMacrotask = context.getStore();
      const inThen = await Promise.resolve().then(() => context.getStore());
      return [afterAwait, afterMacrotask, inThen];
    });
    t.deepEqual(seen, ['outer', 'outer', 'outer']);
    t.is(context.getStore(), undefined);
  });

  test(`${propagation}: concurrent runs keep their own values, and a nested run ends with its work`, async (t) => {
    const context = createAsyncContext<string>(propagation);
    const seen = await Promise.all(
      ['a', 'b', 'c'].map((value) =>
        context.run(value, async () => {
          await nextMacrotask();
          const inner = await context.run(`${value}-inner`, async () => {
            await nextMacrotask();
            return context.getStore();
          });
          await Promise.resolve();
          return [inner, context.getStore()];
        }),
      ),
    );
    t.deepEqual(seen, [
      ['a-inner', 'a'],
      ['b-inner', 'b'],
      ['c-inner', 'c'],
    ]);
  });

  test(`${propagation}: two contexts never see each other's values`, async (t) => {
    const first = createAsyncContext<string>(propagation);
    const second = createAsyncContext<string>(propagation);
    const seen = await first.run('one', () =>
      second.run('two', async () => {
        await nextMacrotask();
        return [first.getStore(), second.getStore()];
      }),
    );
    t.deepEqual(seen, ['one', 'two']);
    t.is(await first.run('alone', async () => second.getStore()), undefined);
  });

  test(`${propagation}: a context run again inside another's run gets its new value and leaves the other's alone`, async (t) => {
    const first = createAsyncContext<string>(propagation);
    const second = createAsyncContext<string>(propagation);
    const seen = await first.run('first-outer', () =>
      second.run('second', () =>
        first.run('first-inner', async () => {
          await nextMacrotask();
          return [first.getStore(), second.getStore()];
        }),
      ),
    );
    t.deepEqual(seen, ['first-inner', 'second']);
    // Once the inner run is over, the outer value of `first` is back and `second` is untouched.
    const after = await first.run('first-outer', () =>
      second.run('second', async () => {
        const inner = await first.run('first-inner', async () => first.getStore());
        return [inner, first.getStore(), second.getStore()];
      }),
    );
    t.deepEqual(after, ['first-inner', 'first-outer', 'second']);
  });

  test(`${propagation}: work that throws, synchronously or not, leaves no value behind`, async (t) => {
    const context = createAsyncContext<string>(propagation);
    t.throws(() =>
      context.run('sync', () => {
        throw new Error('sync failure');
      }),
    );
    t.is(context.getStore(), undefined);
    await t.throwsAsync(
      context.run('async', async () => {
        await nextMacrotask();
        throw new Error('async failure');
      }),
    );
    t.is(context.getStore(), undefined);
    // A rejection handled outside the run is handled outside its scope.
    const rejected = context.run('rejected', () => Promise.reject(new Error('no')));
    t.is(await rejected.catch(() => context.getStore()), undefined);
  });
}

test('promise-continuations: a timer started inside a run runs outside it (the documented difference)', async (t) => {
  const context = createAsyncContext<string>('promise-continuations');
  const inTimer = await context.run(
    'request',
    () => new Promise<string | undefined>((resolve) => setTimeout(() => resolve(context.getStore()), 1)),
  );
  t.is(inTimer, undefined);
});

test('async-local-storage: a timer started inside a run still sees its value', async (t) => {
  const context = createAsyncContext<string>('async-local-storage');
  const inTimer = await context.run(
    'request',
    () => new Promise<string | undefined>((resolve) => setTimeout(() => resolve(context.getStore()), 1)),
  );
  t.is(inTimer, 'request');
});

test('the default is AsyncLocalStorage from Node 24 on and promise continuations before', (t) => {
  const major = Number(process.versions.node.split('.')[0]);
  t.is(defaultPropagation, major >= 24 ? 'async-local-storage' : 'promise-continuations');
});

// The point of promise continuations is that Node's own async hooks stay off. Whether they
// run shows in executionAsyncId(): with them, every promise continuation gets an id of its own.
// A child process, so that nothing else this test worker loaded has enabled them.
const HOOKS_PROBE = `
  import { executionAsyncId } from 'node:async_hooks';
  import { createAsyncContext } from ${JSON.stringify(new URL('./async-context.js', import.meta.url).href)};
  const context = createAsyncContext(process.argv[1]);
  const ids = await context.run('request', async () => {
    await null;
    const first = executionAsyncId();
    await null;
    return [first, executionAsyncId(), context.getStore()];
  });
  process.stdout.write(JSON.stringify({ nodeHooks: ids[0] !== ids[1], seen: ids[2] }));
`;

const probeHooks = async (propagation: AsyncContextPropagation): Promise<{ nodeHooks: boolean; seen: string }> => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', HOOKS_PROBE, propagation]);
  return JSON.parse(stdout) as { nodeHooks: boolean; seen: string };
};

test("promise continuations carry the value without enabling Node's async hooks, which AsyncLocalStorage enables before Node 24", async (t) => {
  t.deepEqual(await probeHooks('promise-continuations'), { nodeHooks: false, seen: 'request' });
  // From Node 24 on, AsyncLocalStorage rides on V8's continuation data instead.
  const major = Number(process.versions.node.split('.')[0]);
  t.deepEqual(await probeHooks('async-local-storage'), { nodeHooks: major < 24, seen: 'request' });
});
