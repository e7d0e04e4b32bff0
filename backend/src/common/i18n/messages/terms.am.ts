import { ROLE_NAMES } from '@inventory/common';

/**
 * The product's words that messages put in as values (statuses, roles, workflow steps, import
 * kinds, periods), in Amharic: a placeholder whose whole value is one of them is shown in Amharic.
 * Steps are verbal nouns, so "Cannot {step} this list" reads "ይህን ዝርዝር ማስገባት አይቻልም".
 */
export const TERMS: Readonly<Record<string, string>> = {
  // statuses
  draft: 'ረቂቅ',
  pending_import_admin_approval: 'የገቢ ንግድ አስተዳዳሪ ማረጋገጫ በመጠባበቅ ላይ',
  pending_sales_supervisor_approval: 'የሽያጭ ተቆጣጣሪ ማረጋገጫ በመጠባበቅ ላይ',
  pending_finance_approval: 'የፋይናንስ ማጽደቂያ በመጠባበቅ ላይ',
  pending_approval: 'ማጽደቂያ በመጠባበቅ ላይ',
  approved: 'የጸደቀ',
  delivered: 'የተረከበ',
  cancelled: 'የተሰረዘ',
  counting: 'በመቆጠር ላይ',
  posted: 'የተመዘገበ',
  rejected: 'ውድቅ የተደረገ',
  in_transit: 'በጉዞ ላይ',
  received: 'የተረከበ',
  previewed: 'የታየ',
  committing: 'በመመዝገብ ላይ',
  committed: 'የተመዘገበ',
  failed: 'ያልተሳካ',
  reverted: 'የተቀለበሰ',
  ...ROLE_NAMES.am,
  // workflow steps
  submit: 'ማስገባት',
  confirm: 'ማረጋገጥ',
  verify: 'ማረጋገጥ',
  approve: 'ማጽደቅ',
  deliver: 'ማስረከብ',
  return: 'መመለስ',
  cancel: 'መሰረዝ',
  'Submitting for sales supervisor approval': 'ለሽያጭ ተቆጣጣሪ ማረጋገጫ ማስገባት',
  'Supervisor confirmation': 'የተቆጣጣሪ ማረጋገጫ',
  'Finance approval': 'የፋይናንስ ማጽደቂያ',
  'Delivery confirmation': 'የርክክብ ማረጋገጫ',
  'Return by a salesSupervisor': 'በሽያጭ ተቆጣጣሪ መመለስ',
  'Return by a finance': 'በፋይናንስ መመለስ',
  'Cancellation by a sales': 'በሽያጭ መሰረዝ',
  'Cancellation by a finance': 'በፋይናንስ መሰረዝ',
  // import kinds (as "Your role cannot import {kind}" writes them too)
  categories: 'ምድቦችን',
  products: 'ዕቃዎችን',
  customers: 'ደንበኞችን',
  opening_stock: 'የመነሻ ክምችት',
  'opening stock': 'የመነሻ ክምችት',
  sales_history: 'የሽያጭ ታሪክ',
  'sales history': 'የሽያጭ ታሪክ',
  // statistics periods
  daily: 'የቀን',
  weekly: 'የሳምንት',
  monthly: 'የወር',
};
