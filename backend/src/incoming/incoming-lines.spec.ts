import fc from 'fast-check';
import { assertLinesEditable, assertStepAllowed } from './incoming-flow';
import { mergeQuantities } from './incoming-lines';

describe('mergeQuantities', () => {
  it('adds unit by unit, exactly to 3 decimals, keeping the first order', () => {
    expect(mergeQuantities([{ name: 'pcs', value: 0.1 }], [{ name: 'box', value: 1 }, { name: 'pcs', value: 0.2 }])).toEqual([
      { name: 'pcs', value: 0.3 },
      { name: 'box', value: 1 },
    ]);
  });

  it('sums in thousandths for any 3-decimal values', () => {
    const q = fc.integer({ min: 1, max: 10_000_000 });
    fc.assert(
      fc.property(q, q, (a, b) => {
        const [sum] = mergeQuantities([{ name: 'u', value: a / 1000 }], [{ name: 'u', value: b / 1000 }]);
        expect(sum.value).toBe((a + b) / 1000);
      }),
    );
  });
});

describe('incoming flow rules', () => {
  it('names the current status when a step is not allowed', () => {
    expect(() => assertStepAllowed('approve', 'approved')).toThrow(/status is approved \(approve needs pending_finance_approval\)/);
    expect(assertStepAllowed('submit', 'draft').to).toBe('pending_import_admin_approval');
  });

  it('freezes lines from pending_finance_approval on', () => {
    expect(() => assertLinesEditable('pending_finance_approval', 'warehouseAdmin')).toThrow(/status is pending_finance_approval/);
    expect(() => assertLinesEditable('draft', 'importAdmin')).toThrow(/importAdmin cannot/);
    expect(() => assertLinesEditable('pending_import_admin_approval', 'importAdmin')).not.toThrow();
  });
});
