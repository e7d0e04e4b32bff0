import type { reportMessages } from './messages';

/** The asset valuation report in Amharic; the same keys as messages.ts. */
export const reportMessagesAm: typeof reportMessages = {
  title: 'የንብረት ግምት ሪፖርት',
  menu: 'ሪፖርት',
  category: 'ምድብ',
  all_categories: 'ሁሉም ምድቦች',
  warehouse: 'መጋዘን',
  all_warehouses: 'ሁሉም መጋዘኖች',
  filter: 'ሪፖርቱን አጣራ',
  download: 'ኤክሴል አውርድ',
  downloading: 'በማውረድ ላይ...',
  product: 'ዕቃ',
  code: 'ኮድ',
  quantity: 'ብዛት',
  purchased_price: 'የግዢ ዋጋ',
  depreciation_rate: 'የእርጅና ቅናሽ መጠን (%)',
  purchased_date: 'የተገዛበት ቀን',
  years: 'ዓመታት',
  current_value: 'የአሁኑ ዋጋ',
  valuation: 'ግምት',
  total: 'ድምር (%{count} መዝገቦች)',
  empty: 'ከማጣሪያዎቹ ጋር የሚዛመድ የክምችት መዝገብ የለም',
  loading: 'በመጫን ላይ...',
};
