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
  /** The element the engine shows; focusable from code only, so keyboard users land in it. */
  readonly element = document.createElement('div');
  private readonly closeButton = document.createElement('button');
  /** Where focus was when the window opened, to return it on a close by keyboard or button. */
  private opener: HTMLElement | null = null;

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
    return focusInMap;
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
