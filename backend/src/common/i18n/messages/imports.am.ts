/** Amharic texts of the messages about imports (English template → Amharic, see server-messages.ts). */
export const IMPORT_MESSAGES: Readonly<Record<string, string>> = {
  // a preview's row errors and notices (stored in English, written in the reader's language when read)
  'Category "{name}" repeats row {row}': 'ምድቡ "{name}" ረድፍ {row}ን ይደግማል',
  'Code "{code}" repeats row {row}': 'ኮዱ "{code}" ረድፍ {row}ን ይደግማል',
  'Product "{code}" does not exist': 'ዕቃው "{code}" የለም',
  '"{unit}" is not a unit of {product} (units: {units})': '"{unit}" የ{product} መለኪያ አይደለም (መለኪያዎች፦ {units})',
  'Category "{name}" does not exist (choose "Create missing records" to create it)': 'ምድቡ "{name}" የለም (ለመፍጠር «የሌሉ መዝገቦችን ፍጠር» ይምረጡ)',
  'Product "{code}" does not exist (choose "Create missing records" to create it)': 'ዕቃው "{code}" የለም (ለመፍጠር «የሌሉ መዝገቦችን ፍጠር» ይምረጡ)',
  'Customer "{name}" does not exist (choose "Create missing records" to create it)': 'ደንበኛው "{name}" የለም (ለመፍጠር «የሌሉ መዝገቦችን ፍጠር» ይምረጡ)',
  '{units} are not units of category {category} (units: {all})': '{units} የምድቡ {category} መለኪያዎች አይደሉም (መለኪያዎች፦ {all})',
  '{unit} is not a unit of category {category} (units: {all})': '{unit} የምድቡ {category} መለኪያ አይደለም (መለኪያዎች፦ {all})',
  'The category of existing product {code} cannot change on import': 'የነበረው ዕቃ {code} ምድብ በማስገቢያ ሊቀየር አይችልም',
  "Buffer stock unit \"{unit}\" is not one of the product's units": 'የመጠባበቂያ ክምችት መለኪያው "{unit}" ከዕቃው መለኪያዎች አንዱ አይደለም',
  '{count} product codes differ only by case and are kept apart (matched case-sensitively): {codes}':
    '{count} የዕቃ ኮዶች በፊደል መጠን (ትልቅ/ትንሽ) ብቻ ይለያያሉ፤ ተለያይተው ይያዛሉ (የፊደል መጠን ተጠብቆ ይዛመዳሉ)፦ {codes}',
  '{count} categories will be created': '{count} ምድቦች ይፈጠራሉ',
  '{count} products will be created in category {category}': '{count} ዕቃዎች በምድብ {category} ውስጥ ይፈጠራሉ',
  '{count} customers will be created': '{count} ደንበኞች ይፈጠራሉ',
  '{count} lines without a customer go to the {customer}': 'ደንበኛ የሌላቸው {count} መስመሮች ወደ «{customer}» ይሄዳሉ',
  'The file was read as {encoding} text': 'ፋይሉ እንደ {encoding} ጽሑፍ ተነቧል',
  'Import not found': 'ማስገቢያው አልተገኘም',
  'Your role cannot import {kind}': 'ሚናዎ {kind} ማስገባት አይፈቅድም',
  'file is required': 'ፋይል ያስፈልጋል',
  'file is required (multipart form field "file")': 'ፋይል ያስፈልጋል (የቅጽ መስክ "file")',
  'Send one file in the form field "file"': 'አንድ ፋይል በቅጽ መስኩ "file" ይላኩ',
  'file is empty': 'ፋይሉ ባዶ ነው',
  'file is empty: the first row must hold the column headers': 'ፋይሉ ባዶ ነው፦ የመጀመሪያው ረድፍ የዓምዶቹን ርዕሶች መያዝ አለበት',
  'file has no rows to import below its header': 'ፋይሉ ከርዕሱ በታች የሚገቡ ረድፎች የሉትም',
  'file must be a .csv, .csv.gz or .xlsx file': 'ፋይሉ .csv፣ .csv.gz ወይም .xlsx መሆን አለበት',
  'file must be at most {size} MB': 'ፋይሉ ቢበዛ {size} MB መሆን አለበት',
  'file could not be read as CSV: {reason}': 'ፋይሉ እንደ CSV ሊነበብ አልቻለም፦ {reason}',
  'the file unpacks to more than {size} MB': 'ፋይሉ ሲፈታ ከ{size} MB በላይ ይሆናል',
  'the xlsx file unpacks to more than {size} MB': 'የxlsx ፋይሉ ሲፈታ ከ{size} MB በላይ ይሆናል',
  'the xlsx file holds more than {count} parts': 'የxlsx ፋይሉ ከ{count} በላይ ክፍሎች አሉት',
  'file is not a valid xlsx workbook: save it again from the spreadsheet program': 'ፋይሉ ትክክለኛ የxlsx የሥራ መጽሐፍ አይደለም፦ ከሠንጠረዥ ፕሮግራሙ እንደገና ያስቀምጡት',
  'file could not be read as xlsx: save it again from the spreadsheet program, or as CSV UTF-8': 'ፋይሉ እንደ xlsx ሊነበብ አልቻለም፦ ከሠንጠረዥ ፕሮግራሙ እንደገና ወይም እንደ CSV UTF-8 ያስቀምጡት',
  'file could not be read: the .csv.gz file is damaged': 'ፋይሉ ሊነበብ አልቻለም፦ የ.csv.gz ፋይሉ ተበላሽቷል',
  'line {line}: a field may hold at most {limit} characters': 'መስመር {line}፦ አንድ መስክ ቢበዛ {limit} ቁምፊዎች ሊይዝ ይችላል',
  'line {line}: a row may hold at most {limit} characters': 'መስመር {line}፦ አንድ ረድፍ ቢበዛ {limit} ቁምፊዎች ሊይዝ ይችላል',
  'line {line} holds characters that cannot be read as {encoding}: save the file as CSV UTF-8 and upload it again':
    'መስመር {line} እንደ {encoding} ሊነበቡ የማይችሉ ቁምፊዎች አሉት፦ ፋይሉን እንደ CSV UTF-8 አስቀምጠው እንደገና ይጫኑ',
  'row {row}: a row may have at most {limit} columns': 'ረድፍ {row}፦ አንድ ረድፍ ቢበዛ {limit} ዓምዶች ሊኖሩት ይችላሉ',
  'row {row}: a cell may hold at most {limit} characters': 'ረድፍ {row}፦ አንድ ሕዋስ ቢበዛ {limit} ቁምፊዎች ሊይዝ ይችላል',
  'row {row}: a row may hold at most {limit} characters': 'ረድፍ {row}፦ አንድ ረድፍ ቢበዛ {limit} ቁምፊዎች ሊይዝ ይችላል',
  'column "{column}" appears {times} times in the header: rename the copies, or map {field} to a column named once':
    'ዓምዱ "{column}" በርዕሱ ውስጥ {times} ጊዜ ይገኛል፦ ቅጂዎቹን እንደገና ይሰይሙ፣ ወይም {field}ን አንድ ጊዜ ብቻ ለተሰየመ ዓምድ ይመድቡ',
  'warehouse is required for {kind}': 'ለ{kind} መጋዘን ያስፈልጋል',
  'Missing required column "{header}" ({field})': 'አስፈላጊው ዓምድ "{header}" ({field}) የለም',
  'mapping: "{field}" is not a field of {kind} (fields: {fields})': 'የዓምድ ምደባ፦ "{field}" የ{kind} መስክ አይደለም (መስኮች፦ {fields})',
  'mapping: the column of "{field}" must be a column name': 'የዓምድ ምደባ፦ የ"{field}" ዓምድ የዓምድ ስም መሆን አለበት',
  'mapping: column "{column}" (for {field}) is not in the file (columns: {columns})': 'የዓምድ ምደባ፦ ዓምዱ "{column}" (ለ{field}) በፋይሉ ውስጥ የለም (ዓምዶች፦ {columns})',
  'options.{option} must be true or false': 'የማስገቢያ ምርጫው {option} true ወይም false መሆን አለበት',
  'options.category must be a category name of at most 100 characters': 'የማስገቢያ ምርጫው category ቢበዛ 100 ቁምፊዎች ያሉት የምድብ ስም መሆን አለበት',
  'options: unknown option "{option}" (options: skip_invalid, create_missing, category)': 'ያልታወቀ የማስገቢያ ምርጫ "{option}" (ምርጫዎች፦ skip_invalid, create_missing, category)',
  'Import {number} is {status}: only a previewed import can be committed': 'ማስገቢያ {number} «{status}» ነው፦ ሊመዘገብ የሚችለው የታየ ማስገቢያ ብቻ ነው',
  'Import {number} is {status}: only a committed import can be reverted': 'ማስገቢያ {number} «{status}» ነው፦ ሊቀለበስ የሚችለው የተመዘገበ ማስገቢያ ብቻ ነው',
  'Import {number} has {count} rows with errors: correct the file and upload it again, or upload it choosing "Skip rows with errors" to import only the valid rows':
    'ማስገቢያ {number} ስህተት ያለባቸው {count} ረድፎች አሉት፦ ፋይሉን አርመው እንደገና ይጫኑ፣ ወይም ስህተት ያለባቸውን ረድፎች የሚዘል ምርጫ መርጠው ይጫኑ',
  'Import {number}: {count} rows name records removed after the preview; nothing was imported. Upload the file again, or upload it choosing "Skip rows with errors"':
    'ማስገቢያ {number}፦ {count} ረድፎች ከቅድመ እይታው በኋላ የተወገዱ መዝገቦችን ይጠቅሳሉ፤ ምንም አልገባም። ፋይሉን እንደገና ይጫኑ፣ ወይም «ስህተት ያለባቸውን ረድፎች ዝለል» መርጠው ይጫኑ',
  'Category "{name}" was removed after the preview': 'ምድቡ "{name}" ከቅድመ እይታው በኋላ ተወግዷል',
  'Product "{name}" was removed after the preview': 'ዕቃው "{name}" ከቅድመ እይታው በኋላ ተወግዷል',
  'Customer "{name}" was removed after the preview': 'ደንበኛው "{name}" ከቅድመ እይታው በኋላ ተወግዷል',
  'Cannot revert: categories created by this import now have products: {names}': 'መቀልበስ አይቻልም፦ በዚህ ማስገቢያ የተፈጠሩ ምድቦች አሁን ዕቃዎች አሏቸው፦ {names}',
  'Cannot revert: categories created by this import now have products: {names} and {more} more': 'መቀልበስ አይቻልም፦ በዚህ ማስገቢያ የተፈጠሩ ምድቦች አሁን ዕቃዎች አሏቸው፦ {names} እና ሌሎች {more}',
  'Cannot revert: customers created by this import are now on outgoing lists or movements: {names}':
    'መቀልበስ አይቻልም፦ በዚህ ማስገቢያ የተፈጠሩ ደንበኞች አሁን በወጪ ዝርዝሮች ወይም እንቅስቃሴዎች ላይ አሉ፦ {names}',
  'Cannot revert: customers created by this import are now on outgoing lists or movements: {names} and {more} more':
    'መቀልበስ አይቻልም፦ በዚህ ማስገቢያ የተፈጠሩ ደንበኞች አሁን በወጪ ዝርዝሮች ወይም እንቅስቃሴዎች ላይ አሉ፦ {names} እና ሌሎች {more}',
  'Cannot revert: products created by this import are now in use (movements or lists): {names}':
    'መቀልበስ አይቻልም፦ በዚህ ማስገቢያ የተፈጠሩ ዕቃዎች አሁን በጥቅም ላይ ናቸው (እንቅስቃሴዎች ወይም ዝርዝሮች)፦ {names}',
  'Cannot revert: products created by this import are now in use (movements or lists): {names} and {more} more':
    'መቀልበስ አይቻልም፦ በዚህ ማስገቢያ የተፈጠሩ ዕቃዎች አሁን በጥቅም ላይ ናቸው (እንቅስቃሴዎች ወይም ዝርዝሮች)፦ {names} እና ሌሎች {more}',
  'Cannot revert: stock this import received has since been issued or reserved ({list})': 'መቀልበስ አይቻልም፦ ይህ ማስገቢያ ያስገባው ክምችት ከዚያ በኋላ ወጪ ሆኗል ወይም ተይዟል ({list})',
  'Cannot revert: stock this import received has since been issued or reserved ({list}; ...)': 'መቀልበስ አይቻልም፦ ይህ ማስገቢያ ያስገባው ክምችት ከዚያ በኋላ ወጪ ሆኗል ወይም ተይዟል ({list}፤ ...)',
  'Cannot revert: stock this import received has since been issued or reserved ({list}); records being counted show no quantities':
    'መቀልበስ አይቻልም፦ ይህ ማስገቢያ ያስገባው ክምችት ከዚያ በኋላ ወጪ ሆኗል ወይም ተይዟል ({list})፤ እየተቆጠሩ ያሉ መዝገቦች መጠኖቻቸውን አያሳዩም',
  'Cannot revert: stock this import received has since been issued or reserved ({list}; ...); records being counted show no quantities':
    'መቀልበስ አይቻልም፦ ይህ ማስገቢያ ያስገባው ክምችት ከዚያ በኋላ ወጪ ሆኗል ወይም ተይዟል ({list}፤ ...)፤ እየተቆጠሩ ያሉ መዝገቦች መጠኖቻቸውን አያሳዩም',
};

/**
 * The rules of an import row's cell after the column's header (`Unit price must be a number, got
 * "abc"`), beside FIELD_RULES (general.am.ts): the header may hold spaces, so a row's message is
 * split at its known column (server-messages.ts, localizeRowError).
 */
export const IMPORT_ROW_RULES: Readonly<Record<string, string>> = {
  'must be a number, got "{raw}"': 'ቁጥር መሆን አለበት፤ የተገኘው "{raw}" ነው',
  'must have at most {scale} decimals': 'ቢበዛ {scale} የአስርዮሽ ቦታዎች ሊኖሩት ይገባል',
  'must not be 0': '0 መሆን የለበትም',
  'is too large': 'በጣም ትልቅ ነው',
  'must be a date like 2025-06-30 or 2025-06-30 14:05, got "{raw}"': 'እንደ 2025-06-30 ወይም 2025-06-30 14:05 ያለ ቀን መሆን አለበት፤ የተገኘው "{raw}" ነው',
  'is not a valid date: "{raw}"': 'ትክክለኛ ቀን አይደለም፦ "{raw}"',
  'must be a year between 1900 and 2100': 'ከ1900 እስከ 2100 ያለ ዓመት መሆን አለበት',
  'must be "Name: value" pairs separated by ";", got "{raw}"': 'በ";" የተለዩ "ስም: ዋጋ" ጥንዶች መሆን አለበት፤ የተገኘው "{raw}" ነው',
  'must be 9 digits after +251, got "{raw}"': 'ከ+251 በኋላ 9 አሃዞች መሆን አለበት፤ የተገኘው "{raw}" ነው',
  'must be an Ethiopian TIN: exactly 10 digits, got "{raw}"': 'የኢትዮጵያ የግብር ከፋይ መለያ ቁጥር መሆን አለበት፦ በትክክል 10 አሃዞች፤ የተገኘው "{raw}" ነው',
  'must be a valid email address, got "{raw}"': 'ትክክለኛ የኢሜይል አድራሻ መሆን አለበት፤ የተገኘው "{raw}" ነው',
  'must be at most 100 (percent)': 'ቢበዛ 100 (በመቶ) መሆን አለበት',
  'must name at least one unit': 'ቢያንስ አንድ መለኪያ መጥቀስ አለበት',
  'holds at most 5 numbers': 'ቢበዛ 5 ቁጥሮች ሊይዝ ይችላል',
};
