import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuietWatch, trimWhenQuiet } from './quiet-trim.js';

describe('QuietWatch', () => {
  it('is due once per quiet spell, counted from the last request', () => {
    const watch = new QuietWatch(5000, 0);
    expect(watch.takeDue(4999)).toBe(false);
    expect(watch.takeDue(5000)).toBe(true);
    // Trimmed: nothing more until a request comes.
    expect(watch.takeDue(60_000)).toBe(false);
    watch.activity(61_000);
    expect(watch.takeDue(65_000)).toBe(false);
    watch.activity(65_000);
    expect(watch.takeDue(69_999)).toBe(false);
    expect(watch.takeDue(70_000)).toBe(true);
  });
});

describe('trimWhenQuiet', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('trims after a quiet spell and not while requests keep coming', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const app = Fastify();
    const trim = vi.fn(async () => {});
    trimWhenQuiet(app, { quietMs: 1000, trim, log: app.log });
    app.get('/', async () => ({ ok: true }));
    await app.ready();

    for (let i = 0; i < 10; i++) {
      expect((await app.inject('/')).statusCode).toBe(200);
      await vi.advanceTimersByTimeAsync(400);
    }
    expect(trim).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1500);
    expect(trim).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(trim).toHaveBeenCalledTimes(1);

    await app.inject('/');
    await vi.advanceTimersByTimeAsync(1500);
    expect(trim).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it('logs a trim that fails and trims again after the next quiet spell', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const app = Fastify();
    const warn = vi.spyOn(app.log, 'warn');
    const trim = vi.fn(async () => {
      throw new Error('thread gone');
    });
    trimWhenQuiet(app, { quietMs: 1000, trim, log: app.log });
    app.get('/', async () => ({ ok: true }));
    await app.ready();
    await vi.advanceTimersByTimeAsync(1500);
    expect(trim).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'quiet: giving memory back failed',
    );
    await app.inject('/');
    await vi.advanceTimersByTimeAsync(1500);
    expect(trim).toHaveBeenCalledTimes(2);
    await app.close();
  });
});
