import { describe, expect, it, vi } from 'vitest';
import type { CareEventStreamParams } from '../../../src/dataProviders/careRequests/workflow';
import { createCareEventHub } from '../../../src/resources/careRequests/live/careEventHub';

describe('the care event hub', () => {
  it('opens one stream for every listener of the tab, hands each event to all, and closes it with the last listener', () => {
    const hub = createCareEventHub();
    const opened: CareEventStreamParams[] = [];
    const openStream = vi.fn((params: CareEventStreamParams) => {
      opened.push(params);
      return new Promise<void>(() => undefined);
    });
    const list = vi.fn();
    const panel = vi.fn();
    const leaveList = hub.subscribe(openStream, list);
    const leavePanel = hub.subscribe(openStream, panel);
    expect(openStream).toHaveBeenCalledTimes(1);

    opened[0].onEvent({ name: 'care-request.changed', uid: 'u', version: 2 });
    expect(list).toHaveBeenCalledWith({ name: 'care-request.changed', uid: 'u', version: 2 });
    expect(panel).toHaveBeenCalledTimes(1);

    leaveList();
    expect(opened[0].signal.aborted).toBe(false);
    leavePanel();
    expect(opened[0].signal.aborted).toBe(true);

    hub.subscribe(openStream, list);
    expect(openStream).toHaveBeenCalledTimes(2);
  });

  it('opens a new stream for the next listener once the last one ended by itself (a lost session)', async () => {
    const hub = createCareEventHub();
    let end = () => undefined as void;
    const openStream = vi.fn(() => new Promise<void>((resolve) => (end = resolve)));
    hub.subscribe(openStream, vi.fn());
    end();
    await Promise.resolve();
    await Promise.resolve();
    hub.subscribe(openStream, vi.fn());
    expect(openStream).toHaveBeenCalledTimes(2);
  });
});
