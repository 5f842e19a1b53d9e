/** Writes an attribute only when it changes: no needless style work or screen-reader churn. */
export function setAttribute(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
