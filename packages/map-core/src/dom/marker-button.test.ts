// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { MarkerItem } from '../types.ts';
import { createMarkerButton, updateMarkerButton } from './marker-button.ts';

const marker = (overrides: Partial<MarkerItem> = {}): MarkerItem => ({
  id: 42,
  lat: 45.8,
  lng: 16,
  color: '#dc2626',
  label: 'Cvjetni trg, Pharmacy',
  selected: false,
  approximate: false,
  ...overrides,
});

describe('createMarkerButton', () => {
  it('is a labelled toggle button with the place id', () => {
    const button = createMarkerButton(marker());
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.type).toBe('button');
    expect(button.dataset.testid).toBe('marker');
    expect(button.dataset.placeId).toBe('42');
    expect(button.getAttribute('aria-label')).toBe('Cvjetni trg, Pharmacy');
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('draws a pin in the category colour, its drawing hidden from screen readers', () => {
    const button = createMarkerButton(marker());
    expect(button.classList.contains('karta-marker--pin')).toBe(true);
    expect(button.style.color).toBe('rgb(220, 38, 38)');
    expect(button.style.width).toBe('28px');
    expect(button.style.height).toBe('36px');
    const svg = button.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.querySelector('path')?.getAttribute('fill')).toBe('currentColor');
  });

  it('draws an approximate position as a hollow dot, not a pin', () => {
    const button = createMarkerButton(marker({ approximate: true }));
    expect(button.classList.contains('karta-marker--approximate')).toBe(true);
    expect(button.classList.contains('karta-marker--pin')).toBe(false);
    expect(button.querySelector('path')).toBeNull();
    const dot = button.querySelector('circle');
    expect(dot?.getAttribute('stroke')).toBe('currentColor');
    expect(button.style.width).toBe('24px');
    expect(button.style.height).toBe('24px');
  });
});

describe('updateMarkerButton', () => {
  it('switches selection, label and colour on the same element and keeps focus', () => {
    const button = createMarkerButton(marker());
    document.body.append(button);
    button.focus();
    const drawing = button.firstElementChild;
    updateMarkerButton(button, marker({ selected: true, label: 'Trg, Ljekarna', color: '#16a34a' }));
    expect(document.activeElement).toBe(button);
    expect(button.firstElementChild).toBe(drawing);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.dataset.selected).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Trg, Ljekarna');
    expect(button.style.color).toBe('rgb(22, 163, 74)');
    button.remove();
  });

  it('redraws the shape when the position becomes approximate', () => {
    const button = createMarkerButton(marker());
    updateMarkerButton(button, marker({ approximate: true }));
    expect(button.querySelector('path')).toBeNull();
    expect(button.classList.contains('karta-marker--approximate')).toBe(true);
  });
});
