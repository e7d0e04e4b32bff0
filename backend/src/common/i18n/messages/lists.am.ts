/**
 * Amharic texts of the messages about incoming lists (GRN), outgoing lists (GIN), their documents
 * and customer returns (English template → Amharic, see server-messages.ts; steps and statuses in
 * `{…}` are put in Amharic through terms.am.ts).
 */
export const LIST_MESSAGES: Readonly<Record<string, string>> = {
  // incoming lists
  'Incoming list not found': 'የገቢ ዝርዝሩ አልተገኘም',
  'Missing GRN': 'የGRN ቁጥር አልተሞላም',
  'GRN "{grn}" is already used': 'GRN "{grn}" ቀድሞውኑ ጥቅም ላይ ውሏል',
  'An empty list cannot be submitted: add at least one product': 'ባዶ ዝርዝር ማስገባት አይቻልም፦ ቢያንስ አንድ ዕቃ ይጨምሩ',
  'An empty list cannot be confirmed: add at least one product': 'ባዶ ዝርዝር ማረጋገጥ አይቻልም፦ ቢያንስ አንድ ዕቃ ይጨምሩ',
  'An empty list cannot be approved: it has no products to receive': 'ባዶ ዝርዝር ማጽደቅ አይቻልም፦ የሚገቡ ዕቃዎች የሉትም',
  'Cannot {step} this list: its status is {status} ({step2} needs {from})': 'ይህን ዝርዝር {step} አይቻልም፦ ሁኔታው «{status}» ነው (ይህ እርምጃ «{from}» ሁኔታን ይፈልጋል)',
  'Cannot {action} this list: its status is {status} (a {role} can {action2} it at {from})':
    'ይህን ዝርዝር {action} አይቻልም፦ ሁኔታው «{status}» ነው ({role} ይህን ማድረግ የሚችለው በ«{from}» ሁኔታ ነው)',
  'A {role} cannot {action} incoming lists': '{role} የገቢ ዝርዝሮችን {action} አይችልም',
  'Lines of this list cannot change: its status is {status}': 'የዚህ ዝርዝር መስመሮች ሊለወጡ አይችሉም፦ ሁኔታው «{status}» ነው',
  'A {role} cannot change lines of a list in status {status}': '{role} በ«{status}» ሁኔታ ያለ ዝርዝርን መስመሮች መለወጥ አይችልም',
  "The list's warehouse is removed: its lines can no longer grow": 'የዝርዝሩ መጋዘን ተወግዷል፦ መስመሮቹ ከእንግዲህ ሊጨመሩ አይችሉም',
  'The line quantity would be too large': 'የመስመሩ ብዛት በጣም ትልቅ ይሆናል',
  'This product is not on the list': 'ይህ ዕቃ በዝርዝሩ ላይ የለም',
  // outgoing lists
  'Outgoing list not found': 'የወጪ ዝርዝሩ አልተገኘም',
  'Missing GIN': 'የGIN ቁጥር አልተሞላም',
  'GIN "{gin}" is already used': 'GIN "{gin}" ቀድሞውኑ ጥቅም ላይ ውሏል',
  'Add at least one product before submitting the list': 'ዝርዝሩን ከማስገባትዎ በፊት ቢያንስ አንድ ዕቃ ይጨምሩ',
  'A {role} cannot {action} outgoing lists': '{role} የወጪ ዝርዝሮችን {action} አይችልም',
  '{step} is not allowed: the list is {status} (needs {from})': '«{step}» አይፈቀድም፦ ዝርዝሩ «{status}» ነው («{from}» ሁኔታን ይፈልጋል)',
  'Lines cannot change: the list is {status}': 'መስመሮቹ ሊለወጡ አይችሉም፦ ዝርዝሩ «{status}» ነው',
  'A {role} cannot change lines: the list is {status}': '{role} መስመሮቹን መለወጥ አይችልም፦ ዝርዝሩ «{status}» ነው',
  'Not enough {product} available: {unit} requested {requested}, available {available}': 'በቂ {product} የለም፦ የተጠየቀው {requested} {unit}፣ ዝግጁ ያለው {available}',
  "{product} is on {count} lines of this list (one per unit price): send the line's _id": '{product} በዚህ ዝርዝር {count} መስመሮች ላይ አለ (በአንድ የአንዱ ዋጋ አንድ)፦ የመስመሩን _id ይላኩ',
  'Send unitPrices (a price per unit) or unitPrice (one price for the first unit), not both':
    'unitPrices (የእያንዳንዱ መለኪያ ዋጋ) ወይም unitPrice (የመጀመሪያው መለኪያ ዋጋ) ይላኩ፤ ሁለቱንም አይላኩ',
  'Unit "{unit}" is not delivered on this line (units: {units})': 'መለኪያው "{unit}" በዚህ መስመር አይወጣም (መለኪያዎች፦ {units})',
  'Unit "{unit}" is priced twice': 'የመለኪያው "{unit}" ዋጋ ሁለት ጊዜ ተሰጥቷል',
  'The inventory record is not of this product': 'የክምችት መዝገቡ የዚህ ዕቃ አይደለም',
  "The stock must come from the list's warehouse": 'ክምችቱ ከዝርዝሩ መጋዘን መምጣት አለበት',
  // documents
  'The delivery note exists once the list is delivered: the list is {status}': 'የዕቃ ማስረከቢያ ሰነዱ የሚኖረው ዝርዝሩ ከተረከበ በኋላ ነው፦ ዝርዝሩ «{status}» ነው',
  'Set a unit price on every line to print the invoice: {names}': 'የሂሳብ መጠየቂያውን ለማተም በእያንዳንዱ መስመር ላይ የአንዱን ዋጋ ያስገቡ፦ {names}',
  'Set a unit price on every returned line to print the credit note: {names}': 'የተመላሽ ሂሳብ ሰነዱን ለማተም በእያንዳንዱ የተመለሰ መስመር ላይ የአንዱን ዋጋ ያስገቡ፦ {names}',
  'The list {gin} has no customer return {id}': 'ዝርዝሩ {gin} የደንበኛ ተመላሽ {id} የለውም',
  // customer returns
  'Customer return not found': 'የደንበኛ ተመላሹ አልተገኘም',
  'Only a delivered list takes customer returns: the list is {status}': 'የደንበኛ ተመላሽ የሚቀበለው የተረከበ ዝርዝር ብቻ ነው፦ ዝርዝሩ «{status}» ነው',
  'Each line may appear once in a customer return': 'በአንድ የደንበኛ ተመላሽ እያንዳንዱ መስመር አንድ ጊዜ ብቻ ሊገባ ይችላል',
  'line_id {id} is not a line of this list': 'line_id {id} የዚህ ዝርዝር መስመር አይደለም',
  'Cannot take back {value} {unit} of {product} (line {line}): delivered {delivered}, already returned {returned}; at most {left} {unit2} may still be returned':
    '{value} {unit} {product} መመለስ አይቻልም (መስመር {line})፦ የተረከበው {delivered}፣ ቀድሞ የተመለሰው {returned}፤ አሁንም ሊመለስ የሚችለው ቢበዛ {left} {unit2} ነው',
  'lines must list at least one line': 'lines ቢያንስ አንድ መስመር መዘርዘር አለበት',
  'lines must list {line_id, quantity} entries': 'lines የ{line_id, quantity} ግቤቶችን መዘርዘር አለበት',
};
