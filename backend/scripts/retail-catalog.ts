/**
 * Realistic product names and codes from the UCI "Online Retail" dataset (CC BY 4.0, Daqing Chen,
 * London South Bank University; see /work/shared/data/online-retail/README.md). Falls back to
 * synthetic names when the file is missing.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';

export const RETAIL_CSV = process.env.RETAIL_CSV ?? '/work/shared/data/online-retail/online-retail.csv.gz';

/** A catalogue entry: stock code, title-cased name, price (GBP in the source, used as ETB x 60). */
export interface RetailItem {
  code: string;
  name: string;
  price: number;
}

const title = (s: string) => s.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

/** Up to `limit` distinct products (by stock code) from the dataset, or synthetic ones. */
export async function loadRetailItems(limit: number): Promise<RetailItem[]> {
  const items = new Map<string, RetailItem>();
  if (fs.existsSync(RETAIL_CSV)) {
    const lines = readline.createInterface({ input: fs.createReadStream(RETAIL_CSV).pipe(zlib.createGunzip()) });
    for await (const line of lines) {
      const m = /^[^,]*,([^,]+),("?)([^"]*?)\2,-?\d+,[^,]*,([\d.]+),/.exec(line);
      if (!m || m[1] === 'StockCode' || !/^[0-9]{5}[A-Z]?$/.test(m[1]) || m[3].trim().length < 4) continue;
      if (!items.has(m[1])) items.set(m[1], { code: m[1], name: title(m[3].trim()), price: Number(m[4]) || 1 });
      if (items.size >= limit) {
        lines.close();
        break;
      }
    }
  }
  for (let i = items.size; i < limit; i++) items.set(`SYN${i}`, { code: `SYN${i}`, name: `Synthetic Item ${i}`, price: 1 + (i % 40) });
  return [...items.values()].slice(0, limit);
}

/** Demo categories with the words that put a product into them (first match wins). */
export const CATEGORY_RULES: { name: string; words: RegExp }[] = [
  { name: 'Lighting', words: /light|lantern|candle|lamp|t-light/i },
  { name: 'Kitchen and Dining', words: /mug|cup|cake|tea|plate|bowl|bottle|jar|spoon|lunch/i },
  { name: 'Bags and Storage', words: /bag|box|tin|basket|case|holder/i },
  { name: 'Stationery', words: /card|paper|pen|pencil|notebook|wrap|tape|sticker/i },
  { name: 'Toys and Games', words: /toy|game|doll|puzzle|ball|kit/i },
  { name: 'Textiles', words: /cushion|apron|towel|blanket|cover|scarf/i },
  { name: 'Home Decor', words: /heart|sign|frame|clock|garland|ornament|decoration|wall/i },
  { name: 'General Goods', words: /./ },
];
