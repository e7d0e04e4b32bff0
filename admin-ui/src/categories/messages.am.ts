import type { categoryMessages } from './messages';

/** The category screens in Amharic; the same keys as messages.ts. */
export const categoryMessagesAm: typeof categoryMessages = {
  list_title: 'የምድቦች ዝርዝር',
  form_title: 'የዕቃ ምድብ ጨምር ወይም አርትዕ',
  name: 'የምድብ ስም',
  description: 'መግለጫ',
  specifications: 'ዝርዝር መግለጫዎች',
  specification: 'ዝርዝር መግለጫ',
  quantity_measurement: 'የብዛት መለኪያ',
  add: 'ምድብ ጨምር',
  update: 'ምድብ አዘምን',
  edit: 'አርትዕ',
  delete: 'ሰርዝ',
  undo: 'መልስ',
  name_required: 'የምድብ ስም አልተሞላም',
  description_required: 'የምድብ መግለጫ አልተሞላም',
  attribute_required: 'መግለጫ %{n} አልተሞላም',
  units_required: 'ቢያንስ አንድ የብዛት መለኪያ ይጨምሩ',
  confirm_delete: 'ይህን ምድብ መሰረዝ እርግጠኛ ነዎት',
  confirm_activate: 'ይህን ምድብ መመለስ እርግጠኛ ነዎት',
  created: 'ምድቡ በተሳካ ሁኔታ ተፈጥሯል።',
  updated: 'ምድቡ በተሳካ ሁኔታ ተዘምኗል።',
  deleted: 'ምድቡ በተሳካ ሁኔታ ተሰርዟል',
  activated: 'ምድቡ በተሳካ ሁኔታ ተመልሷል።',
  empty: 'ምንም ምድብ የለም',
};
