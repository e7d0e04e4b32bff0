import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../database/database';
import { rowsOf } from './import-kind';

/** An active product as imports match it. */
export interface KnownProduct {
  id: string;
  code: string;
  name: string;
  units: string[];
  categoryId: string;
}

/**
 * The active products by code: exact first, else case-insensitively when exactly one
 * product's code matches that way. Codes of the file that differ only by case are collected, so the
 * preview can report them (they are then kept apart: matched and created case-sensitively).
 */
export class ProductCodes {
  private readonly exact = new Map<string, KnownProduct>();
  private readonly lower = new Map<string, KnownProduct | null>();
  private readonly fileCodes = new Map<string, Set<string>>();

  static async load(db: DbOrTx): Promise<ProductCodes> {
    const codes = new ProductCodes();
    const rows = await rowsOf<KnownProduct>(db, sql`SELECT id, code, name, units, category_id AS "categoryId" FROM products WHERE NOT removed`);
    for (const p of rows) {
      codes.exact.set(p.code, p);
      const key = p.code.toLowerCase();
      codes.lower.set(key, codes.lower.has(key) ? null : p);
    }
    return codes;
  }

  /** The product of `code`, remembering the code as one of the file's. */
  find(code: string): KnownProduct | undefined {
    const key = code.toLowerCase();
    const spellings = this.fileCodes.get(key) ?? new Set<string>();
    spellings.add(code);
    this.fileCodes.set(key, spellings);
    return this.exact.get(code) ?? (spellings.size === 1 ? (this.lower.get(key) ?? undefined) : undefined);
  }

  /** The file's codes that differ only by case, as "a / A" pairs. */
  casePairs(): string[] {
    return [...this.fileCodes.values()].filter((s) => s.size > 1).map((s) => [...s].join(' / '));
  }
}

/** The notice of codes differing only by case (the UCI file has 112 such pairs). */
export function casePairNotice(pairs: string[]): string[] {
  if (!pairs.length) return [];
  const shown = pairs.slice(0, 20).join(', ');
  return [`${pairs.length} product codes differ only by case and are kept apart (matched case-sensitively): ${shown}${pairs.length > 20 ? ', ...' : ''}`];
}

/** Active categories by lower-case name. */
export async function categoriesByName(db: DbOrTx): Promise<Map<string, { id: string; name: string; units: string[] }>> {
  const rows = await rowsOf<{ id: string; name: string; units: string[] }>(db, sql`SELECT id, name, quantity_measurement AS units FROM categories WHERE NOT removed`);
  return new Map(rows.map((c) => [c.name.toLowerCase(), c]));
}
