import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { change } from '../audit/list-changes';
import type { AuthUser } from '../common/auth/auth-user';
import type { UploadedBuffer } from '../common/http/multipart';
import { DB } from '../database/database.module';
import type { Database } from '../database/database';
import type { StockCountView } from './dto/stock-count-view';
import { countSheet, readCountSheet } from './count-sheet';
import { countName } from './stock-count-rules';
import { StockCountsRepository } from './stock-counts.repository';
import { mergeCounted, StockCountsService } from './stock-counts.service';

/** The count sheet: downloaded to print or fill in, uploaded to enter what was counted. */
@Injectable()
export class StockCountSheetService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repo: StockCountsRepository,
    private readonly audit: AuditService,
    private readonly counts: StockCountsService,
  ) {}

  /** The sheet as `user` may see the count (no Expected column for a blind count's counter). */
  async sheet(user: AuthUser, id: string): Promise<{ file: Buffer; filename: string }> {
    const count = await this.counts.view(user, id);
    return { file: await countSheet(count), filename: `stock_count_${countName(count.number)}.xlsx` };
  }

  /**
   * Applies a filled sheet while counting: every non-empty Counted cell sets that unit of its line;
   * any bad row → 400 with every row's error and nothing applied. 403; 404; 409 not counting.
   */
  async upload(user: AuthUser, id: string, file: UploadedBuffer | undefined): Promise<StockCountView> {
    if (!file?.buffer?.length) throw new BadRequestException({ message: 'file is required: the filled count sheet (.xlsx)', errors: [{ field: 'file', message: 'file is required' }] });
    await this.db.transaction(async (tx) => {
      const count = await this.counts.counting(user, id, tx, 'changed');
      const lines = await this.repo.lines(count.id, tx);
      const counts = await readCountSheet(file.buffer, new Map(lines.map((l) => [l.id, { units: l.units }])));
      for (const line of lines) {
        const sent = counts.get(line.id);
        if (sent) await this.repo.setCounted(line.id, mergeCounted(line.units, line.counted, sent), sent.map((q) => q.name), user.id, tx);
      }
      await this.audit.record(tx, { action: 'upload', entity: 'stock_count', entityId: count.id, changes: [change('counted_lines', null, counts.size)] });
    });
    return this.counts.view(user, id);
  }
}
