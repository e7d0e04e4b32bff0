/**
 * Amharic texts of the messages about stock: records and quantities, the ledger and reversals,
 * adjustments, transfers, stock counts, the transaction search, statistics and the audit trail
 * (English template → Amharic, see server-messages.ts).
 */
export const STOCK_MESSAGES: Readonly<Record<string, string>> = {
  // records and quantities
  'Inventory record not found': 'የክምችት መዝገቡ አልተገኘም',
  'Transaction not found': 'ግብይቱ አልተገኘም',
  'productCategory is not the category of the product': 'productCategory የዕቃው ምድብ አይደለም',
  'Missing quantity': 'ብዛት አልተሞላም',
  'Missing unit name': 'የመለኪያ ስም አልተሞላም',
  'quantity must list at least one unit': 'quantity ቢያንስ አንድ መለኪያ መዘርዘር አለበት',
  'quantity must list {name, value} entries': 'quantity የ{name, value} ግቤቶችን መዘርዘር አለበት',
  'Unit "{unit}" is listed twice': 'መለኪያው "{unit}" ሁለት ጊዜ ተዘርዝሯል',
  'Unit "{unit}" is not a unit of {product} (units: {units})': 'መለኪያው "{unit}" የ{product} መለኪያ አይደለም (መለኪያዎች፦ {units})',
  'Quantity of "{unit}" must be greater than 0 with at most 3 decimals': 'የ"{unit}" ብዛት ከ0 የሚበልጥ እና ቢበዛ 3 የአስርዮሽ ቦታዎች ያሉት መሆን አለበት',
  'Not enough stock of {product} ({unit}): requested {requested}, {what} {have}': 'በቂ የ{product} ክምችት የለም ({unit})፦ የተጠየቀው {requested}፣ {what} {have}',
  // a blind count's counters: the rule without the record's levels
  'Not enough available stock of {product} ({unit}): the record is being counted, so its quantities are not shown':
    'በቂ ዝግጁ የ{product} ክምችት የለም ({unit})፦ መዝገቡ እየተቆጠረ ስለሆነ መጠኖቹ አይታዩም',
  'Not enough reserved stock of {product} ({unit}): the record is being counted, so its quantities are not shown':
    'በቂ የተያዘ የ{product} ክምችት የለም ({unit})፦ መዝገቡ እየተቆጠረ ስለሆነ መጠኖቹ አይታዩም',
  'value must not be 0: positive adds, negative removes': 'value 0 መሆን የለበትም፦ አዎንታዊ ይጨምራል፣ አሉታዊ ይቀንሳል',
  '{product} was removed: stock cannot be added to it': '{product} ተወግዷል፦ ክምችት ሊጨመርበት አይችልም',
  'The warehouse was removed: stock cannot be added to it': 'መጋዘኑ ተወግዷል፦ ክምችት ሊጨመርበት አይችልም',
  // reversals
  'A reversal cannot be reversed': 'የተቀለበሰ እንቅስቃሴን መልሶ መቀልበስ አይቻልም',
  'This movement was already reversed': 'ይህ እንቅስቃሴ ቀድሞውኑ ተቀልብሷል',
  'This movement was already reversed (by transaction {id})': 'ይህ እንቅስቃሴ ቀድሞውኑ ተቀልብሷል (በግብይት {id})',
  'Only direct receipts and issues can be reversed: this movement was posted by a bulk import; revert the import as a whole':
    'መቀልበስ የሚቻለው ቀጥተኛ ገቢና ወጪ ብቻ ነው፦ ይህ እንቅስቃሴ የተመዘገበው በጅምላ ማስገቢያ ነው፤ ማስገቢያውን በሙሉ ይቀልብሱ',
  'Only direct receipts and issues can be reversed: this movement was posted by a transfer; move the stock back with another transfer':
    'መቀልበስ የሚቻለው ቀጥተኛ ገቢና ወጪ ብቻ ነው፦ ይህ እንቅስቃሴ የተመዘገበው በዝውውር ነው፤ ክምችቱን በሌላ ዝውውር ይመልሱ',
  'Only direct receipts and issues can be reversed: this movement was posted by an approved stock adjustment; request an adjustment to correct it':
    'መቀልበስ የሚቻለው ቀጥተኛ ገቢና ወጪ ብቻ ነው፦ ይህ እንቅስቃሴ የተመዘገበው በጸደቀ የክምችት ማስተካከያ ነው፤ ለማረም ማስተካከያ ይጠይቁ',
  'Only direct receipts and issues can be reversed: this movement was posted by an approved stock count; request an adjustment to correct it':
    'መቀልበስ የሚቻለው ቀጥተኛ ገቢና ወጪ ብቻ ነው፦ ይህ እንቅስቃሴ የተመዘገበው በጸደቀ የክምችት ቆጠራ ነው፤ ለማረም ማስተካከያ ይጠይቁ',
  "Only direct receipts and issues can be reversed: this movement was posted by an incoming list, which is corrected through the list's own flow":
    'መቀልበስ የሚቻለው ቀጥተኛ ገቢና ወጪ ብቻ ነው፦ ይህ እንቅስቃሴ የተመዘገበው በገቢ ዝርዝር ነው፤ የሚታረመውም በዝርዝሩ የራሱ ሂደት ነው',
  "Only direct receipts and issues can be reversed: this movement was posted by an outgoing list, which is corrected through the list's own flow":
    'መቀልበስ የሚቻለው ቀጥተኛ ገቢና ወጪ ብቻ ነው፦ ይህ እንቅስቃሴ የተመዘገበው በወጪ ዝርዝር ነው፤ የሚታረመውም በዝርዝሩ የራሱ ሂደት ነው',
  'Cannot reverse this receipt: {missing} {unit} of {product} is no longer available (received {received}, available {available}; missing {missing2} {unit2})':
    'ይህን ገቢ መቀልበስ አይቻልም፦ {missing} {unit} {product} ከእንግዲህ ዝግጁ አይደለም (የገባው {received}፣ ዝግጁ ያለው {available}፤ የጎደለው {missing2} {unit2})',
  'Cannot reverse this receipt: part of it ({unit}) of {product} is no longer available; the record is being counted, so its quantities are not shown':
    'ይህን ገቢ መቀልበስ አይቻልም፦ ከ{product} ({unit}) ከፊሉ ከእንግዲህ ዝግጁ አይደለም፤ መዝገቡ እየተቆጠረ ስለሆነ መጠኖቹ አይታዩም',
  // adjustments
  'Adjustment not found': 'ማስተካከያው አልተገኘም',
  'Only a pending adjustment can be approved: this adjustment is {status}': 'ማጽደቅ የሚቻለው በመጠባበቅ ላይ ያለ ማስተካከያን ብቻ ነው፦ ይህ ማስተካከያ «{status}» ነው',
  'Only a pending adjustment can be rejected: this adjustment is {status}': 'ውድቅ ማድረግ የሚቻለው በመጠባበቅ ላይ ያለ ማስተካከያን ብቻ ነው፦ ይህ ማስተካከያ «{status}» ነው',
  '{product} was removed: its stock cannot be adjusted': '{product} ተወግዷል፦ ክምችቱ ሊስተካከል አይችልም',
  'The warehouse was removed: its stock cannot be adjusted': 'መጋዘኑ ተወግዷል፦ ክምችቱ ሊስተካከል አይችልም',
  '"{unit}" is no longer a unit of {product}: reject this adjustment and request a new one': '"{unit}" ከእንግዲህ የ{product} መለኪያ አይደለም፦ ይህን ማስተካከያ ውድቅ አድርገው አዲስ ይጠይቁ',
  // transfers
  'Transfer not found': 'ዝውውሩ አልተገኘም',
  'Transfer line not found': 'የዝውውሩ መስመር አልተገኘም',
  'Source warehouse not found': 'የመነሻ መጋዘኑ አልተገኘም',
  'Destination warehouse not found': 'የመድረሻ መጋዘኑ አልተገኘም',
  'TRN "{trn}" is already used': 'TRN "{trn}" ቀድሞውኑ ጥቅም ላይ ውሏል',
  'trn is required': 'የTRN ቁጥር ያስፈልጋል',
  'to_warehouse must be another warehouse than from_warehouse': 'to_warehouse ከfrom_warehouse የተለየ መጋዘን መሆን አለበት',
  'This stock record is already on the transfer': 'ይህ የክምችት መዝገብ ቀድሞውኑ በዝውውሩ ላይ አለ',
  'This stock record is not in the transfer’s source warehouse': 'ይህ የክምችት መዝገብ በዝውውሩ የመነሻ መጋዘን ውስጥ አይደለም',
  '{product} was removed: it cannot be transferred': '{product} ተወግዷል፦ ሊዛወር አይችልም',
  '{product} is already on this transfer: change its line instead': '{product} ቀድሞውኑ በዚህ ዝውውር ላይ አለ፦ በምትኩ መስመሩን ይቀይሩ',
  'The destination warehouse was removed: stock cannot be transferred to it': 'የመድረሻ መጋዘኑ ተወግዷል፦ ክምችት ወደ እሱ ሊዛወር አይችልም',
  'Add at least one line before dispatching the transfer': 'ዝውውሩን ከመላክዎ በፊት ቢያንስ አንድ መስመር ይጨምሩ',
  'Only a draft transfer can be dispatched: this transfer is {status}': 'መላክ የሚቻለው ረቂቅ ዝውውርን ብቻ ነው፦ ይህ ዝውውር «{status}» ነው',
  'Only a draft transfer can be changed: this transfer is {status}': 'መለወጥ የሚቻለው ረቂቅ ዝውውርን ብቻ ነው፦ ይህ ዝውውር «{status}» ነው',
  'Only a draft transfer can be cancelled: this transfer is {status}': 'መሰረዝ የሚቻለው ረቂቅ ዝውውርን ብቻ ነው፦ ይህ ዝውውር «{status}» ነው',
  'Only a draft transfer can be {done}: this transfer is {status}': 'ይህ ተግባር የሚቻለው ለረቂቅ ዝውውር ብቻ ነው፦ ይህ ዝውውር «{status}» ነው',
  'Only a transfer in transit can be received: this transfer is {status}': 'መረከብ የሚቻለው በጉዞ ላይ ያለ ዝውውርን ብቻ ነው፦ ይህ ዝውውር «{status}» ነው',
  'The transfer note exists once the transfer is dispatched: the transfer is {status}': 'የዕቃ ዝውውር ሰነዱ የሚኖረው ዝውውሩ ከተላከ በኋላ ነው፦ ዝውውሩ «{status}» ነው',
  'remark is required when less is received than was dispatched: say what happened': 'ከተላከው ያነሰ ሲደርስ remark ያስፈልጋል፦ ምን እንደተፈጠረ ይግለጹ',
  'line_id is not a line of this transfer': 'line_id የዚህ ዝውውር መስመር አይደለም',
  'Unit "{unit}" was not dispatched on this line': 'መለኪያው "{unit}" በዚህ መስመር አልተላከም',
  'At most {max} {unit} can be received: that is what was dispatched': 'መረከብ የሚቻለው ቢበዛ {max} {unit} ነው፦ የተላከው ያ ነው',
  // stock counts
  'Stock count not found': 'የክምችት ቆጠራው አልተገኘም',
  'Count line not found': 'የቆጠራው መስመር አልተገኘም',
  'There is no stock record to count in this warehouse': 'በዚህ መጋዘን ውስጥ የሚቆጠር የክምችት መዝገብ የለም',
  'There is no stock record to count in this warehouse and category': 'በዚህ መጋዘንና ምድብ ውስጥ የሚቆጠር የክምችት መዝገብ የለም',
  'Count at least one line before submitting the count': 'ቆጠራውን ከማስገባትዎ በፊት ቢያንስ አንድ መስመር ይቁጠሩ',
  'Only a count pending approval can be approved: this count is {status}': 'ማጽደቅ የሚቻለው ማጽደቅ የሚጠብቅ ቆጠራን ብቻ ነው፦ ይህ ቆጠራ «{status}» ነው',
  'Only a count pending approval can be returned: this count is {status}': 'መመለስ የሚቻለው ማጽደቅ የሚጠብቅ ቆጠራን ብቻ ነው፦ ይህ ቆጠራ «{status}» ነው',
  'Only a count being counted can be changed: this count is {status}': 'መለወጥ የሚቻለው በመቆጠር ላይ ያለ ቆጠራን ብቻ ነው፦ ይህ ቆጠራ «{status}» ነው',
  'Only a count being counted can be cancelled: this count is {status}': 'መሰረዝ የሚቻለው በመቆጠር ላይ ያለ ቆጠራን ብቻ ነው፦ ይህ ቆጠራ «{status}» ነው',
  'Only a count being counted can be submitted: this count is {status}': 'ማስገባት የሚቻለው በመቆጠር ላይ ያለ ቆጠራን ብቻ ነው፦ ይህ ቆጠራ «{status}» ነው',
  'Only a count being counted can be {done}: this count is {status}': 'ይህ ተግባር የሚቻለው በመቆጠር ላይ ላለ ቆጠራ ብቻ ነው፦ ይህ ቆጠራ «{status}» ነው',
  '"{unit}" is no longer a unit of {product}: return the count to recount it': '"{unit}" ከእንግዲህ የ{product} መለኪያ አይደለም፦ እንደገና ለመቁጠር ቆጠራውን ይመልሱ',
  '"{unit}" is not a unit of this line\'s product': '"{unit}" የዚህ መስመር ዕቃ መለኪያ አይደለም',
  '"{unit}" is listed twice for this line': '"{unit}" ለዚህ መስመር ሁለት ጊዜ ተዘርዝሯል',
  'Counted must be a number >= 0 with at most 3 decimals': 'የተቆጠረው ከ0 የማያንስ እና ቢበዛ 3 የአስርዮሽ ቦታዎች ያሉት ቁጥር መሆን አለበት',
  'counted must list at least one unit': 'counted ቢያንስ አንድ መለኪያ መዘርዘር አለበት',
  'counted must list {name, value} entries': 'counted የ{name, value} ግቤቶችን መዘርዘር አለበት',
  'not a line of this count': 'የዚህ ቆጠራ መስመር አይደለም',
  'file is required: the filled count sheet (.xlsx)': 'ፋይል ያስፈልጋል፦ የተሞላው የቆጠራ ሉህ (.xlsx)',
  'file must be a count sheet (.xlsx) downloaded from this count': 'ፋይሉ ከዚህ ቆጠራ የወረደ የቆጠራ ሉህ (.xlsx) መሆን አለበት',
  'file is not an xlsx workbook': 'ፋይሉ የxlsx የሥራ መጽሐፍ አይደለም',
  'The sheet must have the columns Line, Unit and Counted': 'ሉሁ Line፣ Unit እና Counted ዓምዶች ሊኖሩት ይገባል',
  'missing the columns Line, Unit and Counted': 'Line፣ Unit እና Counted ዓምዶች የሉትም',
  'The sheet has {count} row(s) that cannot be applied; nothing was changed': 'ሉሁ ሊተገበሩ የማይችሉ {count} ረድፎች አሉት፤ ምንም አልተለወጠም',
  // transaction search, statistics, audit trail
  '"{value}" is not a date': '"{value}" ቀን አይደለም',
  'The end date is before the start date': 'የመጨረሻው ቀን ከመጀመሪያው ቀን በፊት ነው',
  'transactionType must be incoming or outgoing': 'transactionType incoming ወይም outgoing መሆን አለበት',
  'The range holds more than {max} {period} periods': 'ክልሉ ከ{max} በላይ {period} ጊዜያትን ይይዛል',
  'format must be csv or xlsx': 'format csv ወይም xlsx መሆን አለበት',
  'format must be xlsx or csv': 'format xlsx ወይም csv መሆን አለበት',
  'format must be xlsx': 'format xlsx መሆን አለበት',
  'order must be asc or desc': 'order asc ወይም desc መሆን አለበት',
};
