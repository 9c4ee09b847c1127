/**
 * Swagger UI leaves its parameter selects without a name and its scrolling code samples out of
 * the keyboard's reach (axe: select-name, scrollable-region-focusable). This names each select
 * after its parameter and makes each code sample focusable, as Swagger UI draws them.
 */
export function labelSwaggerControls(root: HTMLElement): () => void {
  const fix = () => {
    for (const select of root.querySelectorAll<HTMLSelectElement>('tr[data-param-name] select:not([aria-label])')) {
      select.setAttribute('aria-label', `Value of ${select.closest('tr')!.dataset.paramName}`);
    }
    for (const code of root.querySelectorAll<HTMLElement>('.highlight-code > .microlight:not([tabindex])')) {
      code.tabIndex = 0;
    }
  };
  const observer = new MutationObserver(fix);
  observer.observe(root, { childList: true, subtree: true });
  fix();
  return () => observer.disconnect();
}
