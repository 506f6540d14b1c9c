import { useEffect } from 'react';

/** The product's name: the whole title of a page without a name of its own, the suffix of the others. */
export const PRODUCT_NAME = 'Legacy Locker';

/** "Journal · Legacy Locker": each page names itself first, so tabs and history entries tell pages apart. */
export function documentTitle(page?: string): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Sets the document title while the calling page is shown. */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
