/** What an engine does for the frame: say whether its window is open, and hide it. */
export interface InfoWindowHost {
  isOpen(): boolean;
  /** Hides the window (without reporting anything). */
  hide(): void;
  /** The user closed the window (its close button or Escape), after it was hidden. */
  onUserClose(): void;
}

/**
 * What every engine's info window shares: the frame that holds the app's content, our labelled
 * close button (a real `<button>`), Escape anywhere in the map, and focus taken into the window
 * and handed back to whatever opened it. The engine only places, shows and hides the frame.
 */
export class InfoWindowFrame {
  /** Ids given to headings without one, numbered across every map on the page. */
  private static headings = 0;
  /** The element the engine shows; focusable from code only, so keyboard users land in it. */
  readonly element = document.createElement('div');
  private readonly closeButton = document.createElement('button');
  /** Where focus was when the window opened, to return it on a close by keyboard or button. */
  private opener: HTMLElement | null = null;
  /** The app's element shown in the frame. */
  private content: HTMLElement | null = null;

  constructor(
    private readonly container: HTMLElement,
    closeLabel: string,
    private readonly host: InfoWindowHost,
  ) {
    this.closeButton.type = 'button';
    this.closeButton.className = 'karta-popup-close';
    this.closeButton.innerHTML = '<span aria-hidden="true">×</span>';
    this.closeButton.addEventListener('click', () => this.closeByUser());
    this.element.className = 'karta-popup-frame';
    this.element.tabIndex = -1;
    // Announced as a dialog named by its content's heading (the place's name); not modal: the
    // map and the page stay usable around it.
    this.element.setAttribute('role', 'dialog');
    this.setCloseLabel(closeLabel);
    // On the map's container, so Escape works wherever focus is in the map, the window included.
    container.addEventListener('keydown', this.onKeyDown);
  }

  /**
   * Shows `content` in the frame and remembers what opened it. Returns whether focus was in the
   * map (a marker chosen by keyboard): the engine then takes focus in once the window is shown.
   */
  fill(content: HTMLElement): boolean {
    const active = document.activeElement;
    const focusInMap = active instanceof HTMLElement && this.container.contains(active);
    if (focusInMap && !this.element.contains(active)) this.opener = active;
    this.element.replaceChildren(this.closeButton, content);
    this.content = content;
    this.nameFromHeading();
    return focusInMap;
  }

  /**
   * Names the dialog by the first heading of its content, which the app may change while the
   * window is open (its data arriving): the engine calls this again when the window resizes.
   */
  nameFromHeading(): void {
    const heading = this.content?.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6');
    if (!heading) {
      this.element.removeAttribute('aria-labelledby');
      return;
    }
    if (!heading.id) {
      InfoWindowFrame.headings += 1;
      heading.id = `karta-info-window-title-${InfoWindowFrame.headings}`;
    }
    if (this.element.getAttribute('aria-labelledby') !== heading.id) {
      this.element.setAttribute('aria-labelledby', heading.id);
    }
  }

  /**
   * Lets the content scroll beyond `height` px, so the whole window fits in the room the map has
   * for it; the close button stays outside the scrolled part, always in view.
   */
  limitContentHeight(height: number): void {
    if (!this.content) return;
    const value = `${Math.max(80, Math.floor(height))}px`;
    if (this.content.style.maxHeight === value) return;
    this.content.style.maxHeight = value;
    this.content.style.overflowY = 'auto';
  }

  focus(): void {
    this.element.focus({ preventScroll: true });
  }

  /** The window was closed from code: nothing to hand focus back to. */
  forgetOpener(): void {
    this.opener = null;
  }

  setCloseLabel(label: string): void {
    this.closeButton.setAttribute('aria-label', label);
    this.closeButton.title = label;
  }

  destroy(): void {
    this.container.removeEventListener('keydown', this.onKeyDown);
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !this.host.isOpen() || event.defaultPrevented) return;
    event.preventDefault();
    this.closeByUser();
  };

  private closeByUser(): void {
    const opener = this.opener;
    const focusWasInside = this.element.contains(document.activeElement);
    this.host.hide();
    if (focusWasInside && opener?.isConnected) opener.focus({ preventScroll: true });
    this.host.onUserClose();
  }
}
