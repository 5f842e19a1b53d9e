import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdleAfterFirstView } from './after-first-view.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('whenIdleAfterFirstView', () => {
  it('waits out the first view after the page has loaded, then runs once', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdleAfterFirstView(task);
    vi.advanceTimersByTime(1999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const cancel = whenIdleAfterFirstView(task);
    vi.advanceTimersByTime(1000);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(task).not.toHaveBeenCalled();
  });
});
