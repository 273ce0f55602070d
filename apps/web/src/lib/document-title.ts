import { brandName } from '@vaidya/contract/app-screens';
import { useEffect } from 'react';

/** "Medicines · Vaidya": what the browser tab and its history show for the screen on view. */
export function documentTitle(screen?: string): string {
  return screen ? `${screen} · ${brandName}` : brandName;
}

/** Names the browser tab after the screen while it is shown. */
export function useDocumentTitle(screen: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(screen);
  }, [screen]);
}
