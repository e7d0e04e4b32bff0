import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../database/database';
import type { StockLedgerService } from '../../inventory/stock-ledger.service';
import { CellError, dateText, decimalText, shortText } from '../import-values';
import { casePairNotice, ProductCodes } from './lookups';
import { removedProduct } from './products.kind';
import { type ImportContext, type ImportKindHandler, type RowRange, RowErrors } from './import-kind';

/**
 * Opening stock (the warehouseAdmin of the warehouse): product code, unit, quantity,
 * purchase price, depreciation rate and purchase date per row, received into the import's
 * warehouse through the stock ledger (source `import`, the import as reference), dated at the
 * import. Revert reverses the receipts while their stock is still available.
 */
export function openingStockKind(ledger: StockLedgerService): ImportKindHandler {
  return {
    async checker(db: DbOrTx) {
      const codes = await ProductCodes.load(db);
      return {
        check(cells) {
          const e = new RowErrors(cells);
          const code = e.read('product_code', (v) => shortText(v, 100), true);
          const product = code ? codes.find(code) : undefined;
          if (code && !product) e.add('product_code', `Product "${code}" does not exist`);
          const unit = e.read('unit', (v) => shortText(v, 50)) ?? product?.units[0];
          if (product && unit && !product.units.includes(unit)) e.add('unit', `"${unit}" is not a unit of ${product.name} (units: ${product.units.join(', ')})`);
          const data = {
            product_code: code,
            product_id: product?.id ?? null,
            unit: unit ?? null,
            quantity: e.read('quantity', (v) => decimalText(v, 3, { positive: true }), true),
            purchase_price: e.read('purchase_price', (v) => decimalText(v, 2)) ?? null,
            depreciation_rate: e.read('depreciation_rate', (v) => {
              const rate = decimalText(v, 3);
              if (Number(rate) > 100) throw new CellError('must be at most 100 (percent)');
              return rate;
            }) ?? null,
            purchase_date: e.read('purchase_date', dateText) ?? null,
          };
          return { data, errors: e.list, action: 'create' };
        },
        notices: () => casePairNotice(codes.casePairs()),
      };
    },

    stale: () => [{ field: 'product_code', lost: removedProduct(sql`r.data->>'product_id'`), message: sql`'Product "' || (r.data->>'product_code') || '" was removed after the preview'` }],

    async prepare() {},

    async apply(tx: Tx, ctx: ImportContext, range: RowRange) {
      const posted = await ledger.receiveImportedStock(tx, { importId: ctx.id, ...range }, { warehouseId: ctx.warehouseId!, userId: ctx.userId, remarks: `Opening stock (IMP-${ctx.number})` });
      return { posted };
    },

    async revert(tx: Tx, ctx: ImportContext) {
      const reversed = await ledger.reverseImport(tx, ctx.id, { source: 'import', userId: ctx.userId, remarks: `Reverts IMP-${ctx.number}` });
      return { reversed };
    },
  };
}
