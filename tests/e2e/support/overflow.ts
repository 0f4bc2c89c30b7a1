import type { Page } from '@playwright/test';

/**
 * What makes the page scroll sideways, as one line each: the document wider than the viewport, a visible element sticking
 * out of the viewport on either side (the part its clipping ancestors let through), and a box that scrolls sideways
 * itself (a table wider than its wrapper). Of the elements sticking out, the innermost ones are named (what is too wide),
 * at most eight.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const name = (element: Element) => {
      const label =
        element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      const classes = [...element.classList]
        .filter((name) => !/^css-/.test(name))
        .slice(0, 2)
        .join('.');
      return `${element.localName}${classes ? `.${classes}` : ''} "${label}"`;
    };
    /** The horizontal span of the element that its ancestors' overflow clipping lets through. */
    const visibleSpan = (element: Element): [number, number] => {
      let { left, right } = element.getBoundingClientRect();
      for (let current: Element | null = element; current && getComputedStyle(current).position !== 'fixed';) {
        current = current.parentElement;
        if (!current) break;
        if (getComputedStyle(current).overflowX !== 'visible') {
          const box = current.getBoundingClientRect();
          left = Math.max(left, box.left);
          right = Math.min(right, box.right);
        }
      }
      return [left, right];
    };

    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px viewport`);
    const sticking: Array<{ element: Element; left: number; right: number }> = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (/auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${name(element)} scrolls sideways (${element.scrollWidth} px in ${element.clientWidth} px)`);
      }
      if (box.left >= -1 && box.right <= width + 1) continue;
      const [left, right] = visibleSpan(element);
      if (right - left <= 0 || (left >= -1 && right <= width + 1)) continue;
      sticking.push({ element, left, right });
    }
    const innermost = sticking.filter(
      ({ element }) => !sticking.some((other) => other.element !== element && element.contains(other.element)),
    );
    for (const { element, left, right } of innermost.slice(0, 8)) {
      found.push(`${name(element)} sticks out: ${Math.round(left)}..${Math.round(right)} px of ${width}`);
    }
    if (innermost.length > 8) found.push(`and ${innermost.length - 8} more elements`);
    return found;
  });
}

/**
 * Texts cut off by their box (an ellipsis or hidden overflow) without the whole text at hand: a box clips when it hides
 * overflow and its content is wider (also a box squeezed to no width at all, as a flex item beside wider ones is), and the
 * whole text is at hand when the box or an ancestor names it in `title` or `aria-label` (a tooltip). Form controls' own
 * values and visually hidden texts (clipped away on purpose for screen readers) are left out.
 */
export function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    const namedWhole = (element: Element, text: string) => {
      for (
        let current: Element | null = element;
        current && current !== document.body;
        current = current.parentElement
      ) {
        const name = current.getAttribute('title') ?? current.getAttribute('aria-label');
        if (name && name.replace(/\s+/g, ' ').includes(text)) return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      if (element.scrollWidth <= element.clientWidth + 1) continue;
      const style = getComputedStyle(element);
      if (!/hidden|clip/.test(style.overflowX) || style.clip !== 'auto' || style.clipPath !== 'none') continue;
      if (element.closest('input, textarea, select, [role="textbox"], [aria-hidden="true"]')) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ');
      if (!text || namedWhole(element, text)) continue;
      const classes = [...element.classList]
        .filter((name) => !/^css-/.test(name))
        .slice(0, 2)
        .join('.');
      clipped.push(
        `${element.localName}${classes ? `.${classes}` : ''} "${text.slice(0, 60)}" (${element.scrollWidth} px in ${element.clientWidth} px)`,
      );
    }
    return clipped;
  });
}
