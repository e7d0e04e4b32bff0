import { useEffect } from 'react';

/**
 * Keeps the browser tab's title as "<page title> · <product>" (WCAG 2.4.2, Page Titled): follows the
 * page title that each screen writes into the header's title portal (`#react-admin-title`).
 */
export function useDocumentTitle(product: string): void {
  useEffect(() => {
    const portal = document.getElementById('react-admin-title');
    if (!portal) return undefined;
    const update = () => {
      const page = portal.textContent?.trim();
      document.title = page && page !== product ? `${page} · ${product}` : product;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(portal, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = product;
    };
  }, [product]);
}
