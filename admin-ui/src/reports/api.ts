import { API_URL, apiCall, apiHeaders } from '../providers/httpClient';

/** Report filters; undefined means all ('All Category', 'All Warehouse'). */
export interface ReportFilter {
  productCategoryId?: string;
  warehouseId?: string;
}

/** One row of POST /api/reports/asset/valuations (money as decimal strings). */
export interface ValuationRow {
  _id: string;
  productName: string;
  productCode: string;
  categoryName: string;
  warehouseName: string;
  quantity: { name: string; value: number };
  purchasedPrice: string | null;
  depreciationRate: number | null;
  purchasedDate: string | null;
  years: number;
  currentValue: string;
  valuation: string;
}

/** The report's totals over every matching row (money as decimal strings): POST /api/reports/asset/valuations/totals. */
export interface ValuationTotals {
  records: number;
  purchasedPrice: string;
  currentValue: string;
  valuation: string;
}

/** An option of a filter select. */
export interface Option {
  _id: string;
  name: string;
}

/** The UTC file name of spec 7 Reports. */
export const reportFileName = (now = new Date()): string => `report_${now.toISOString().slice(0, 10)}.XLSX`;

/** Calls of the report screen beside its rows (the `valuations` resource): filter options and the Excel file (docs/api.md, Reports). */
export const reportApi = {
  categories: async () => (await apiCall<Option[]>('GET', '/productCategories')).data,
  warehouses: async () => (await apiCall<Option[]>('GET', '/warehouses')).data,

  /** Downloads the .xlsx and saves it as report_YYYY-MM-DD.XLSX; rejects with the server's message. */
  async downloadExcel(filter: ReportFilter): Promise<void> {
    const res = await fetch(`${API_URL}/reports/asset/valuations/excel`, {
      method: 'POST',
      headers: apiHeaders({ 'Content-Type': 'application/json' }),
      body: JSON.stringify(filter),
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      throw new Error(body.message || `HTTP ${res.status}`);
    }
    const url = URL.createObjectURL(await res.blob());
    const link = Object.assign(document.createElement('a'), { href: url, download: reportFileName() });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
};
