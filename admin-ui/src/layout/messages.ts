/** Strings of the app frame (header, side menu); read with {@link useLayoutTranslate}. */
export const layoutMessages = {
  main_menu: 'Main menu',
  low_stock_count: 'Low stock items: %{count}',
};
