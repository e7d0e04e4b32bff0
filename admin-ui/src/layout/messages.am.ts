import type { layoutMessages } from './messages';

/** The app frame in Amharic; the same keys as messages.ts. */
export const layoutMessagesAm: typeof layoutMessages = {
  main_menu: 'ዋና ምናሌ',
  low_stock_count: 'ዝቅተኛ ክምችት ያላቸው ዕቃዎች፦ %{count}',
};
