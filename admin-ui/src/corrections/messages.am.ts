import type { correctionMessages } from './messages';

/** Returning and cancelling lists in Amharic; the same keys as messages.ts. */
export const correctionMessagesAm: typeof correctionMessages = {
  return: 'መልስ',
  cancel: 'ዝርዝሩን ሰርዝ',
  reason: 'ምክንያት',
  reason_required: 'ምክንያቱን ይስጡ',
  returned_notice: 'በ%{name} %{date} ተመልሷል፦ %{reason}',
  incoming: {
    returned: 'የገቢ ዝርዝሩ በተሳካ ሁኔታ ተመልሷል',
    cancelled: 'የገቢ ዝርዝሩ በተሳካ ሁኔታ ተሰርዟል',
  },
  outgoing: {
    returned: 'የወጪ ዝርዝሩ በተሳካ ሁኔታ ተመልሷል',
    cancelled: 'የወጪ ዝርዝሩ በተሳካ ሁኔታ ተሰርዟል',
  },
  customer_return: {
    section: 'የደንበኛ ተመላሾች',
    open: 'የደንበኛ ተመላሽ መዝግብ',
    title: 'የደንበኛ ተመላሽ መዝግብ',
    record: 'ተመላሹን መዝግብ',
    returnable: 'ገና ሊመለስ የሚችል፦ %{quantity}',
    nothing: 'ቢያንስ ለአንድ መስመር ብዛት ያስገቡ',
    too_much: 'አንዱ ብዛት ገና ሊመለስ ከሚችለው ይበልጣል',
    none: 'ከዚህ ዝርዝር ምንም ዕቃ አልተመለሰም',
    by: 'በ%{name} %{date} ተመልሷል፦ %{reason}',
    credit_note: 'የተመላሽ ሰነድ',
    recorded: 'የደንበኛ ተመላሽ በተሳካ ሁኔታ ተመዝግቧል',
  },
};
