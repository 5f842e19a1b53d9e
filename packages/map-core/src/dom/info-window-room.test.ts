// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { InfoWindowFrame } from './info-window-frame.ts';
import { INFO_WINDOW_GAP, infoWindowRoom, windowSpan } from './info-window-room.ts';

/** A 375 × 400 map, 100 px down the page, as on a phone. */
const MAP = { top: 100, left: 0, right: 375, bottom: 500 };
const box = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

describe('infoWindowRoom', () => {
  it('keeps only the gap when nothing is over the map', () => {
    const gap = INFO_WINDOW_GAP;
    expect(infoWindowRoom(MAP, [])).toEqual({ top: gap, right: gap, bottom: gap, left: gap });
  });

  it('keeps a window below the top controls and above the bottom ones, whichever is deepest', () => {
    const zoom = box(10, 110, 34, 64); // top left, to 174
    const share = box(278, 112, 85, 38); // top right, to 150
    const attribution = box(140, 480, 235, 20); // bottom right, from 480
    const room = infoWindowRoom(MAP, [zoom, share, attribution]);
    expect(room.top).toBe(174 - 100 + INFO_WINDOW_GAP);
    expect(room.bottom).toBe(500 - 480 + INFO_WINDOW_GAP);
    expect(room.left).toBe(INFO_WINDOW_GAP);
    expect(room.right).toBe(INFO_WINDOW_GAP);
  });

  it('on a wide map, counts only the controls the window meets across', () => {
    const wide = { top: 100, left: 0, right: 1280, bottom: 500 };
    const zoom = box(10, 110, 34, 64);
    const share = box(1180, 112, 90, 38);
    const attribution = box(1045, 480, 235, 20);
    const middle = windowSpan(wide, 640, 416);
    expect(infoWindowRoom(wide, [zoom, share, attribution], INFO_WINDOW_GAP, middle)).toEqual({
      top: INFO_WINDOW_GAP,
      right: INFO_WINDOW_GAP,
      bottom: INFO_WINDOW_GAP,
      left: INFO_WINDOW_GAP,
    });
    // Near the right edge the window is panned in beside the edge, under Share and over the attribution.
    const right = windowSpan(wide, 1250, 416);
    expect(right.right).toBe(1280 - INFO_WINDOW_GAP);
    const room = infoWindowRoom(wide, [zoom, share, attribution], INFO_WINDOW_GAP, right);
    expect(room.top).toBe(150 - 100 + INFO_WINDOW_GAP);
    expect(room.bottom).toBe(500 - 480 + INFO_WINDOW_GAP);
  });

  it('ignores what lies outside the map or has no size (a hidden control)', () => {
    const above = box(0, 20, 375, 60); // the page's header
    const empty = box(10, 110, 0, 0);
    expect(infoWindowRoom(MAP, [above, empty]).top).toBe(INFO_WINDOW_GAP);
  });
});

describe('InfoWindowFrame', () => {
  const host = { isOpen: () => true, hide: () => undefined, onUserClose: () => undefined };

  it('is a dialog named by its content heading, renamed when the content changes', () => {
    const frame = new InfoWindowFrame(document.createElement('div'), 'Close', host);
    const content = document.createElement('div');
    content.innerHTML = '<h2>Ljekarna Ilica</h2><p>Open</p>';
    frame.fill(content);
    expect(frame.element.getAttribute('role')).toBe('dialog');
    const heading = content.querySelector('h2');
    expect(heading?.id).not.toBe('');
    expect(frame.element.getAttribute('aria-labelledby')).toBe(heading?.id);

    content.innerHTML = '<h3 id="cluster-title">3 places here</h3>';
    frame.nameFromHeading();
    expect(frame.element.getAttribute('aria-labelledby')).toBe('cluster-title');
  });

  it('lets only the content scroll past the room, never the close button', () => {
    const frame = new InfoWindowFrame(document.createElement('div'), 'Close', host);
    const content = document.createElement('div');
    frame.fill(content);
    frame.limitContentHeight(212.6);
    expect(content.style.maxHeight).toBe('212px');
    expect(content.style.overflowY).toBe('auto');
    expect(frame.element.querySelector('.karta-popup-close')?.parentElement).toBe(frame.element);
  });
});
