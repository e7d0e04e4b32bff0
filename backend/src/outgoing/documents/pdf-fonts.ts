import type { TFontDictionary } from 'pdfmake/interfaces';

/**
 * The font of every PDF: Noto Sans Ethiopic, whose TrueType files (from the npm
 * package @expo-google-fonts/noto-sans-ethiopic, OFL) hold both Ethiopic and Latin glyphs, so
 * Amharic names, addresses and products print next to English labels and numbers. Loaded from
 * node_modules (require.resolve), embedded and subset by pdfkit; never downloaded. The family
 * has no italic: italics print upright.
 */
export const PDF_FONT = 'NotoSansEthiopic';

const file = (weight: string) => require.resolve(`@expo-google-fonts/noto-sans-ethiopic/${weight}/NotoSansEthiopic_${weight}.ttf`);

/** pdfmake's font dictionary: {@link PDF_FONT} in regular and bold. */
export function pdfFonts(): TFontDictionary {
  const normal = file('400Regular');
  const bold = file('700Bold');
  return { [PDF_FONT]: { normal, bold, italics: normal, bolditalics: bold } };
}
