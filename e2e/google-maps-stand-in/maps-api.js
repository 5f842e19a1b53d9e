/*
 * A stand-in for Google's Maps JavaScript API, for the browser tests only: the tests answer
 * requests to https://maps.googleapis.com/maps/api/js with this file, so Karta's real loader and
 * Google adapter run against it. It implements the part of `google.maps` the adapter uses, with
 * the documented behaviour that matters to it:
 * - the script reads its own URL and calls the global named by `callback` once `google.maps` exists;
 * - `Map` (centre, integer zoom within min/max, Web-Mercator on 256-px tiles, fitBounds with
 *   padding, panBy, drag to pan, zoom buttons, `click`, `idle` after every change settles and
 *   after the first render, bounds unknown until then);
 * - `OverlayView` (panes and projection only after `setMap`, `onAdd` then `draw` on a later task,
 *   `draw` after every view change, `onRemove` on `setMap(null)`,
 *   `preventMapHitsAndGesturesFrom`);
 * - `Circle` in metres, drawn as an SVG circle (class `gm-stand-in-circle`) so tests can see it;
 * - `LatLng`/`LatLngBounds`, and literals checked strictly as Google does (unknown properties are
 *   refused);
 * - a refused key (when the page sets `window.__googleMapsStandIn = { refuseKey: true }` first):
 *   after the first map renders, Google's error covers it and `window.gm_authFailure` is called.
 * There are no tiles: the background is a grid that moves with the map.
 */
(() => {
  const scriptUrl = new URL(document.currentScript.src);
  const callbackName = scriptUrl.searchParams.get('callback');
  const language = scriptUrl.searchParams.get('language') || 'en';
  const TILE = 256;
  const EARTH_RADIUS = 6378137;

  // ── events ────────────────────────────────────────────────────────────────
  const listenersOf = new WeakMap();
  const event = {
    addListener(instance, name, handler) {
      if (!listenersOf.has(instance)) listenersOf.set(instance, new Map());
      const byName = listenersOf.get(instance);
      if (!byName.has(name)) byName.set(name, new Set());
      const entry = { handler };
      byName.get(name).add(entry);
      return { remove: () => byName.get(name)?.delete(entry) };
    },
    removeListener(listener) {
      listener?.remove();
    },
    clearInstanceListeners(instance) {
      listenersOf.delete(instance);
    },
    trigger(instance, name, ...args) {
      const entries = listenersOf.get(instance)?.get(name);
      if (!entries) return;
      for (const entry of [...entries]) entry.handler.apply(instance, args);
    },
  };

  class MVCObject {
    addListener(name, handler) {
      return event.addListener(this, name, handler);
    }
  }

  // ── geometry ──────────────────────────────────────────────────────────────
  function invalid(message) {
    return new Error(`InvalidValueError: ${message}`);
  }

  class LatLng {
    constructor(latOrLiteral, lngOrNoWrap) {
      const literal = typeof latOrLiteral === 'object' && latOrLiteral !== null;
      const lat = literal ? latOrLiteral.lat : latOrLiteral;
      const lng = literal ? latOrLiteral.lng : lngOrNoWrap;
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) throw invalid(`not a valid LatLng: ${lat}, ${lng}`);
      this._lat = Math.max(-90, Math.min(90, lat));
      this._lng = lng >= -180 && lng < 180 ? lng : ((((lng + 180) % 360) + 360) % 360) - 180;
    }
    lat() {
      return this._lat;
    }
    lng() {
      return this._lng;
    }
    equals(other) {
      return Boolean(other) && other.lat() === this._lat && other.lng() === this._lng;
    }
    toJSON() {
      return { lat: this._lat, lng: this._lng };
    }
    toString() {
      return `(${this._lat}, ${this._lng})`;
    }
  }

  /** A LatLng or a strict LatLngLiteral, as Google accepts them. */
  function toLatLng(value, where) {
    if (value instanceof LatLng) return value;
    if (typeof value !== 'object' || value === null) throw invalid(`${where}: not a LatLng or LatLngLiteral`);
    const extra = Object.keys(value).find((key) => key !== 'lat' && key !== 'lng');
    if (extra) throw invalid(`${where}: not a LatLng or LatLngLiteral: unknown property ${extra}`);
    return new LatLng(value.lat, value.lng);
  }

  class LatLngBounds {
    constructor(southWest, northEast) {
      this._sw = southWest ? toLatLng(southWest, 'LatLngBounds') : null;
      this._ne = northEast ? toLatLng(northEast, 'LatLngBounds') : this._sw;
    }
    getSouthWest() {
      return this._sw;
    }
    getNorthEast() {
      return this._ne;
    }
    isEmpty() {
      return !this._sw;
    }
    /** West east of east means the box crosses the antimeridian, as in Google. */
    crossesAntimeridian() {
      return this._sw.lng() > this._ne.lng();
    }
    getCenter() {
      const east = this.crossesAntimeridian() ? this._ne.lng() + 360 : this._ne.lng();
      return new LatLng((this._sw.lat() + this._ne.lat()) / 2, (this._sw.lng() + east) / 2);
    }
    toJSON() {
      return { south: this._sw.lat(), west: this._sw.lng(), north: this._ne.lat(), east: this._ne.lng() };
    }
  }

  class Point {
    constructor(x, y) {
      this.x = x;
      this.y = y;
    }
  }

  class Size {
    constructor(width, height) {
      this.width = width;
      this.height = height;
    }
  }

  /** Web-Mercator world pixels on 256-px tiles. */
  function project(latLng, zoom) {
    const size = TILE * 2 ** zoom;
    const sin = Math.min(Math.max(Math.sin((latLng.lat() * Math.PI) / 180), -0.9999), 0.9999);
    return {
      x: (latLng.lng() / 360 + 0.5) * size,
      y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
    };
  }

  function unproject(x, y, zoom) {
    const size = TILE * 2 ** zoom;
    const lat = (360 * Math.atan(Math.exp((0.5 - y / size) * 2 * Math.PI))) / Math.PI - 90;
    return new LatLng(lat, (x / size - 0.5) * 360);
  }

  // ── the map ───────────────────────────────────────────────────────────────
  const ZOOM_TITLES = { en: ['Zoom in', 'Zoom out'], hr: ['Povećaj', 'Smanji'] };

  class GoogleMap extends MVCObject {
    constructor(div, options = {}) {
      super();
      this._div = div;
      this._options = { minZoom: 0, maxZoom: 22, ...options };
      this._center = options.center ? toLatLng(options.center, 'center') : new LatLng(0, 0);
      this._zoom = this._clampZoom(options.zoom ?? 0);
      this._overlays = new Set();
      this._rendered = false;
      this._idleTimer = 0;
      this._build();
      this._redraw();
      // Google renders on a later task; bounds are unknown until then, and `idle` follows.
      setTimeout(() => {
        this._rendered = true;
        this._changed();
        if (window.__googleMapsStandIn?.refuseKey) this._refuseKey();
      }, 0);
    }

    getDiv() {
      return this._div;
    }
    getCenter() {
      return this._center;
    }
    getZoom() {
      return this._zoom;
    }
    getBounds() {
      if (!this._rendered) return undefined;
      const { width, height } = this._size();
      const c = project(this._center, this._zoom);
      const worldWidth = TILE * 2 ** this._zoom;
      const north = unproject(c.x, c.y - height / 2, this._zoom).lat();
      const south = unproject(c.x, c.y + height / 2, this._zoom).lat();
      if (width >= worldWidth) return new LatLngBounds({ lat: south, lng: -180 }, { lat: north, lng: 180 });
      const west = unproject(c.x - width / 2, c.y, this._zoom).lng();
      const east = unproject(c.x + width / 2, c.y, this._zoom).lng();
      return new LatLngBounds({ lat: south, lng: west }, { lat: north, lng: east });
    }
    setCenter(center) {
      this._center = toLatLng(center, 'setCenter');
      this._changed();
    }
    panTo(center) {
      this.setCenter(center);
    }
    setZoom(zoom) {
      if (!Number.isFinite(zoom)) throw invalid(`setZoom: not a number: ${zoom}`);
      this._zoom = this._clampZoom(zoom);
      this._changed();
    }
    /** Moves the centre by pixels; positive x pans east, positive y pans south. */
    panBy(x, y) {
      const c = project(this._center, this._zoom);
      this._center = unproject(c.x + x, c.y + y, this._zoom);
      this._changed();
    }
    fitBounds(bounds, padding = 0) {
      const box = bounds instanceof LatLngBounds ? bounds : literalBounds(bounds);
      const pad = typeof padding === 'number' ? padding : 0;
      const { width, height } = this._size();
      const sw = project(box.getSouthWest(), 0);
      const ne = project(box.getNorthEast(), 0);
      const spanX = box.crossesAntimeridian() ? ne.x + TILE - sw.x : ne.x - sw.x;
      const spanY = sw.y - ne.y;
      const fit = Math.min(
        (width - 2 * pad) / Math.max(spanX, 1e-9),
        (height - 2 * pad) / Math.max(spanY, 1e-9),
      );
      this._center = box.getCenter();
      this._zoom = this._clampZoom(Math.floor(Math.log2(Math.max(fit, 1e-9))));
      this._changed();
    }
    setOptions(options) {
      Object.assign(this._options, options);
      this._zoom = this._clampZoom(this._zoom);
      this._changed();
    }

    _clampZoom(zoom) {
      return Math.max(this._options.minZoom, Math.min(this._options.maxZoom, Math.round(zoom)));
    }
    _size() {
      return { width: this._div.clientWidth, height: this._div.clientHeight };
    }
    /** Div pixels are the container's pixels: the panes never move, the map redraws instead. */
    _toDivPixel(latLng) {
      const { width, height } = this._size();
      const c = project(this._center, this._zoom);
      const p = project(toLatLng(latLng, 'fromLatLngToDivPixel'), this._zoom);
      return new Point(p.x - c.x + width / 2, p.y - c.y + height / 2);
    }
    _fromDivPixel(point) {
      const { width, height } = this._size();
      const c = project(this._center, this._zoom);
      return unproject(c.x + point.x - width / 2, c.y + point.y - height / 2, this._zoom);
    }

    _build() {
      const div = this._div;
      if (getComputedStyle(div).position === 'static') div.style.position = 'relative';
      div.style.overflow = 'hidden';
      const root = document.createElement('div');
      root.className = 'gm-style gm-stand-in';
      root.style.cssText =
        'position:absolute;inset:0;overflow:hidden;touch-action:none;user-select:none;cursor:grab;background-color:#e8eaed;' +
        'background-image:linear-gradient(#cdd3da 1px,transparent 1px),linear-gradient(90deg,#cdd3da 1px,transparent 1px);';
      this._root = root;
      this._panes = {};
      ['mapPane', 'overlayLayer', 'markerLayer', 'overlayMouseTarget', 'floatPane'].forEach((name, index) => {
        const pane = document.createElement('div');
        pane.dataset.pane = name;
        pane.style.cssText = `position:absolute;left:0;top:0;width:100%;height:100%;pointer-events:none;z-index:${100 + index}`;
        root.append(pane);
        this._panes[name] = pane;
      });
      // Overlay content takes clicks where it wants them; the panes themselves let them through.
      const style = document.createElement('style');
      style.textContent = '.gm-stand-in [data-pane] > * { pointer-events: auto; }';
      root.append(style);
      root.append(this._zoomControl(), this._attribution());
      div.append(root);
      this._listenToPointer(root);
    }

    _zoomControl() {
      const [inTitle, outTitle] = ZOOM_TITLES[language] || ZOOM_TITLES.en;
      const control = document.createElement('div');
      control.className = 'gm-bundled-control';
      control.style.cssText =
        'position:absolute;right:10px;bottom:24px;z-index:1000;display:flex;flex-direction:column;background:#fff;border-radius:2px;box-shadow:0 1px 4px rgba(0,0,0,.3)';
      for (const [title, delta] of [
        [inTitle, 1],
        [outTitle, -1],
      ]) {
        const button = document.createElement('button');
        button.type = 'button';
        button.title = title;
        button.setAttribute('aria-label', title);
        button.className = 'gm-control-active';
        button.textContent = delta > 0 ? '+' : '−';
        button.style.cssText =
          'width:40px;height:40px;border:0;background:none;font:22px/1 Arial;cursor:pointer';
        button.addEventListener('click', (domEvent) => {
          domEvent.stopPropagation();
          this.setZoom(this._zoom + delta);
        });
        button.addEventListener('pointerdown', (domEvent) => domEvent.stopPropagation());
        control.append(button);
      }
      return control;
    }

    /** What Google does with a key it refuses: its error over the map, then the page's hook. */
    _refuseKey() {
      const error = document.createElement('div');
      error.className = 'gm-err-container';
      error.textContent = 'This page can’t load Google Maps correctly.';
      error.style.cssText =
        'position:absolute;inset:0;z-index:2000;display:flex;align-items:center;justify-content:center;background:#e5e3df;font:14px Arial;color:#333';
      this._root.append(error);
      window.gm_authFailure?.();
    }

    _attribution() {
      const note = document.createElement('div');
      note.textContent = 'Google Maps (test stand-in)';
      note.style.cssText =
        'position:absolute;right:0;bottom:0;z-index:1000;padding:1px 6px;font:10px Arial;color:#444;background:rgba(255,255,255,.7);pointer-events:none';
      return note;
    }

    _listenToPointer(root) {
      let drag = null;
      root.addEventListener('pointerdown', (domEvent) => {
        if (domEvent.button !== 0) return;
        drag = { id: domEvent.pointerId, x: domEvent.clientX, y: domEvent.clientY, moved: false };
        root.setPointerCapture?.(domEvent.pointerId);
      });
      root.addEventListener('pointermove', (domEvent) => {
        if (!drag || domEvent.pointerId !== drag.id) return;
        const dx = domEvent.clientX - drag.x;
        const dy = domEvent.clientY - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) < 3) return;
        if (!drag.moved) event.trigger(this, 'dragstart');
        drag.moved = true;
        drag.x = domEvent.clientX;
        drag.y = domEvent.clientY;
        this.panBy(-dx, -dy);
      });
      root.addEventListener('pointerup', (domEvent) => {
        if (!drag || domEvent.pointerId !== drag.id) return;
        const { moved } = drag;
        drag = null;
        if (moved) {
          event.trigger(this, 'dragend');
          return;
        }
        const box = root.getBoundingClientRect();
        const latLng = this._fromDivPixel(new Point(domEvent.clientX - box.left, domEvent.clientY - box.top));
        event.trigger(this, 'click', { latLng, domEvent, stop() {} });
      });
      root.addEventListener(
        'wheel',
        (domEvent) => {
          domEvent.preventDefault();
          this.setZoom(this._zoom + (domEvent.deltaY < 0 ? 1 : -1));
        },
        { passive: false },
      );
    }

    _addOverlay(overlay) {
      this._overlays.add(overlay);
    }
    _removeOverlay(overlay) {
      this._overlays.delete(overlay);
    }

    _redraw() {
      const c = project(this._center, this._zoom);
      const { width, height } = this._size();
      // The grid is a stand-in for tiles: one cell per tile, moving with the map.
      this._root.style.backgroundSize = `${TILE}px ${TILE}px`;
      this._root.style.backgroundPosition = `${Math.round(width / 2 - c.x)}px ${Math.round(height / 2 - c.y)}px`;
      for (const overlay of this._overlays) if (overlay._added) overlay.draw();
    }

    _changed() {
      this._redraw();
      event.trigger(this, 'center_changed');
      event.trigger(this, 'zoom_changed');
      if (this._rendered) event.trigger(this, 'bounds_changed');
      clearTimeout(this._idleTimer);
      this._idleTimer = setTimeout(() => {
        if (this._rendered) event.trigger(this, 'idle');
      }, 0);
    }
  }

  function literalBounds(value) {
    if (!value || typeof value !== 'object')
      throw invalid('fitBounds: not a LatLngBounds or LatLngBoundsLiteral');
    return new LatLngBounds({ lat: value.south, lng: value.west }, { lat: value.north, lng: value.east });
  }

  // ── overlays ──────────────────────────────────────────────────────────────
  const HIT_EVENTS = ['click', 'dblclick', 'contextmenu', 'pointerdown', 'mousedown', 'touchstart', 'wheel'];

  class OverlayView extends MVCObject {
    static preventMapHitsAndGesturesFrom(element) {
      for (const name of HIT_EVENTS) element.addEventListener(name, (domEvent) => domEvent.stopPropagation());
    }
    static preventMapHitsFrom(element) {
      for (const name of ['click', 'dblclick', 'contextmenu', 'pointerdown', 'pointerup']) {
        element.addEventListener(name, (domEvent) => domEvent.stopPropagation());
      }
    }
    setMap(map) {
      if (map !== null && map !== undefined && !(map instanceof GoogleMap))
        throw invalid('setMap: not a Map');
      if (map === this._map) return;
      const previous = this._map;
      this._map = map || null;
      this._added = false;
      if (previous) {
        previous._removeOverlay(this);
        this.onRemove?.();
      }
      if (!map) return;
      map._addOverlay(this);
      // Added on a later task, as Google does once the map's panes exist.
      setTimeout(() => {
        if (this._map !== map) return;
        this._added = true;
        this.onAdd?.();
        this.draw?.();
      }, 0);
    }
    getMap() {
      return this._map ?? null;
    }
    getPanes() {
      return this._added ? this._map._panes : null;
    }
    getProjection() {
      if (!this._added) return null;
      const map = this._map;
      return {
        fromLatLngToDivPixel: (latLng) => (latLng ? map._toDivPixel(latLng) : null),
        fromLatLngToContainerPixel: (latLng) => (latLng ? map._toDivPixel(latLng) : null),
        fromDivPixelToLatLng: (point) => (point ? map._fromDivPixel(point) : null),
        fromContainerPixelToLatLng: (point) => (point ? map._fromDivPixel(point) : null),
        getWorldWidth: () => TILE * 2 ** map._zoom,
        getVisibleRegion: () => null,
      };
    }
  }

  const SVG = 'http://www.w3.org/2000/svg';

  /** A circle in metres: an overlay drawing one SVG circle in the overlay layer. */
  class Circle extends MVCObject {
    constructor(options = {}) {
      super();
      this._options = {};
      this._view = new OverlayView();
      this._view.onAdd = () => this._view.getPanes().overlayLayer.append(this._svg);
      this._view.draw = () => this._draw();
      this._view.onRemove = () => this._svg.remove();
      this._svg = document.createElementNS(SVG, 'svg');
      this._svg.setAttribute('class', 'gm-stand-in-circle');
      this._svg.style.cssText = 'position:absolute;overflow:visible;pointer-events:none';
      this._shape = document.createElementNS(SVG, 'circle');
      this._svg.append(this._shape);
      this.setOptions(options);
    }
    setOptions(options) {
      const { map, center, radius, ...style } = options;
      if (center !== undefined) this._center = toLatLng(center, 'center');
      if (radius !== undefined) {
        if (!Number.isFinite(radius) || radius < 0) throw invalid(`radius: not a number: ${radius}`);
        this._radius = radius;
      }
      Object.assign(this._options, style);
      if (map !== undefined) this._view.setMap(map);
      this._draw();
    }
    setMap(map) {
      this._view.setMap(map);
    }
    getMap() {
      return this._view.getMap();
    }
    setCenter(center) {
      this.setOptions({ center });
    }
    getCenter() {
      return this._center;
    }
    setRadius(radius) {
      this.setOptions({ radius });
    }
    getRadius() {
      return this._radius;
    }
    _draw() {
      const projection = this._view.getProjection();
      const map = this._view.getMap();
      if (!projection || !map || !this._center) return;
      const centre = projection.fromLatLngToDivPixel(this._center);
      const metresPerPixel =
        (2 * Math.PI * EARTH_RADIUS * Math.cos((this._center.lat() * Math.PI) / 180)) /
        (TILE * 2 ** map.getZoom());
      const r = (this._radius ?? 0) / metresPerPixel;
      const o = this._options;
      this._svg.style.left = `${centre.x - r}px`;
      this._svg.style.top = `${centre.y - r}px`;
      this._svg.setAttribute('width', String(2 * r));
      this._svg.setAttribute('height', String(2 * r));
      this._svg.style.zIndex = String(o.zIndex ?? 0);
      this._svg.dataset.radius = String(this._radius ?? 0);
      this._svg.dataset.color = o.strokeColor ?? '';
      const weight = o.strokeWeight ?? 3;
      this._shape.setAttribute('cx', String(r));
      this._shape.setAttribute('cy', String(r));
      this._shape.setAttribute('r', String(Math.max(r - weight / 2, 0)));
      this._shape.setAttribute('stroke', o.strokeColor ?? '#000');
      this._shape.setAttribute('stroke-opacity', String(o.strokeOpacity ?? 1));
      this._shape.setAttribute('stroke-width', String(weight));
      this._shape.setAttribute('fill', o.fillColor ?? '#000');
      this._shape.setAttribute('fill-opacity', String(o.fillOpacity ?? 0.3));
    }
  }

  window.google = window.google || {};
  window.google.maps = {
    version: '3.stand-in',
    Map: GoogleMap,
    LatLng,
    LatLngBounds,
    Point,
    Size,
    MVCObject,
    OverlayView,
    Circle,
    event,
    MapTypeId: { ROADMAP: 'roadmap', SATELLITE: 'satellite', HYBRID: 'hybrid', TERRAIN: 'terrain' },
  };
  // Google calls the page's callback once the API is ready.
  if (callbackName) setTimeout(() => window[callbackName]?.(), 0);
})();
