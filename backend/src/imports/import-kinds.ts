import { Injectable } from '@nestjs/common';
import type { ImportKind } from '@inventory/common';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import { categoriesKind } from './kinds/categories.kind';
import { customersKind } from './kinds/customers.kind';
import type { ImportKindHandler } from './kinds/import-kind';
import { openingStockKind } from './kinds/opening-stock.kind';
import { productsKind } from './kinds/products.kind';
import { salesHistoryKind } from './kinds/sales-history.kind';

/** The handler of each import kind; the stock kinds post through the one StockLedgerService. */
@Injectable()
export class ImportKinds {
  private readonly handlers: Record<ImportKind, ImportKindHandler>;

  constructor(ledger: StockLedgerService) {
    this.handlers = {
      categories: categoriesKind,
      products: productsKind,
      customers: customersKind,
      opening_stock: openingStockKind(ledger),
      sales_history: salesHistoryKind(ledger),
    };
  }

  of(kind: ImportKind): ImportKindHandler {
    return this.handlers[kind];
  }
}
