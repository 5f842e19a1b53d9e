import type { MarkerItem } from '../types.ts';
import { setButtonPosition } from './button-positions.ts';
import { markerGeometry } from './element-geometry.ts';
import { MAP_BUTTON_ATTRIBUTE } from './roving-focus.ts';
import { setAttribute } from './set-attribute.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * A single place as a `<button>` drawn as a pin in its category's colour, or as a hollow dot when
 * its position is coarsened for privacy, so no one reads it as exact.
 */
export function createMarkerButton(marker: MarkerItem): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.testid = 'marker';
  button.setAttribute(MAP_BUTTON_ATTRIBUTE, '');
  // A press opens the place's info window, which is announced as a dialog.
  button.setAttribute('aria-haspopup', 'dialog');
  updateMarkerButton(button, marker);
  return button;
}

/** Brings a marker button up to date in place, so it keeps keyboard focus across map updates. */
export function updateMarkerButton(button: HTMLButtonElement, marker: MarkerItem): void {
  setButtonPosition(button, marker);
  setAttribute(button, 'data-place-id', String(marker.id));
  setAttribute(button, 'aria-label', marker.label);
  setAttribute(button, 'aria-pressed', String(marker.selected));
  setAttribute(button, 'data-selected', String(marker.selected));
  setAttribute(button, 'data-stale', String(marker.stale === true));
  // Compared through a data attribute: the style property reads back normalised (`rgb(…)`).
  if (button.dataset.color !== marker.color) {
    button.dataset.color = marker.color;
    button.style.color = marker.color;
  }

  const shape = marker.approximate ? 'approximate' : 'pin';
  if (button.dataset.shape !== shape) {
    button.dataset.shape = shape;
    button.className = `karta-marker karta-marker--${shape}`;
    const { width, height } = markerGeometry(marker.approximate);
    button.style.width = `${width}px`;
    button.style.height = `${height}px`;
    button.replaceChildren(marker.approximate ? approximateDot() : pin());
  }
}

/** A map pin standing on its tip; its colour comes from the button's `color`. */
function pin(): SVGSVGElement {
  const svg = svgRoot('-1.5 -1.5 27 35');
  svg.append(
    svgElement('path', {
      d: 'M12 0C5.4 0 0 5.4 0 12c0 9 12 20 12 20s12-11 12-20C24 5.4 18.6 0 12 0z',
      fill: 'currentColor',
      stroke: '#fff',
      'stroke-width': '1.5',
    }),
    svgElement('circle', { cx: '12', cy: '12', r: '4.5', fill: '#fff' }),
  );
  return svg;
}

/** A hollow dot: an area, not a point. */
function approximateDot(): SVGSVGElement {
  const svg = svgRoot('0 0 24 24');
  svg.append(
    svgElement('circle', {
      cx: '12',
      cy: '12',
      r: '8',
      fill: '#fff',
      'fill-opacity': '0.85',
      stroke: 'currentColor',
      'stroke-width': '3.5',
    }),
  );
  return svg;
}

/** A decorative SVG: the button's aria-label names it. */
function svgRoot(viewBox: string): SVGSVGElement {
  return svgElement('svg', {
    viewBox,
    class: 'karta-marker__shape',
    'aria-hidden': 'true',
    focusable: 'false',
  });
}

function svgElement<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}
