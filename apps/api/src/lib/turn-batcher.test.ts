import { describe, expect, it } from 'vitest';
import { failed, ok, TurnBatcher } from './turn-batcher.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnBatcher', () => {
  it('serves the calls of one turn with one run, each with its own answer', async () => {
    const runs: number[][] = [];
    const batcher = new TurnBatcher<number, number>(
      async (inputs) => {
        runs.push(inputs);
        return inputs.map((n) => (n < 0 ? failed(new Error(`negative ${n}`)) : ok(n * 10)));
      },
      { maxBatch: 100, maxRunning: 1 },
    );
    const answers = await Promise.allSettled([batcher.call(1), batcher.call(-2), batcher.call(3)]);
    expect(runs).toEqual([[1, -2, 3]]);
    expect(answers[0]).toEqual({ status: 'fulfilled', value: 10 });
    expect(answers[1]).toMatchObject({ status: 'rejected', reason: new Error('negative -2') });
    expect(answers[2]).toEqual({ status: 'fulfilled', value: 30 });
  });

  it('fails every call of a run that throws, and serves the next turn afresh', async () => {
    let isBroken = true;
    const batcher = new TurnBatcher<string, string>(
      async (inputs) => {
        if (isBroken) throw new Error('database down');
        return inputs.map((s) => ok(s.toUpperCase()));
      },
      { maxBatch: 10, maxRunning: 1 },
    );
    const broken = await Promise.allSettled([batcher.call('a'), batcher.call('b')]);
    expect(broken.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    isBroken = false;
    expect(await batcher.call('c')).toBe('C');
  });

  it('splits a long queue by maxBatch and keeps at most maxRunning runs at once', async () => {
    const sizes: number[] = [];
    let running = 0;
    let mostRunning = 0;
    const batcher = new TurnBatcher<number, number>(
      async (inputs) => {
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        sizes.push(inputs.length);
        await tick();
        await tick();
        running -= 1;
        return inputs.map((n) => ok(n));
      },
      { maxBatch: 4, maxRunning: 2 },
    );
    const inputs = Array.from({ length: 10 }, (_, i) => i);
    expect(await Promise.all(inputs.map((n) => batcher.call(n)))).toEqual(inputs);
    expect(sizes).toEqual([4, 4, 2]);
    expect(mostRunning).toBe(2);
  });

  it('gathers the calls made while a run is busy into the next run', async () => {
    const runs: number[][] = [];
    let release = () => {};
    const batcher = new TurnBatcher<number, number>(
      async (inputs) => {
        runs.push(inputs);
        if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return inputs.map((n) => ok(n));
      },
      { maxBatch: 100, maxRunning: 1 },
    );
    const first = batcher.call(1);
    await tick();
    const later = [batcher.call(2), batcher.call(3)];
    await tick();
    await tick();
    release();
    await Promise.all([first, ...later]);
    expect(runs).toEqual([[1], [2, 3]]);
  });
});
