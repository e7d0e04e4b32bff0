import { IsUUID } from 'class-validator';

/** Query of GET /next-number/{kind}: the warehouse whose series is asked for. */
export class NextNumberQueryDto {
  /** The document's warehouse (a transfer's: its source); a warehouseAdmin may only name its own. */
  @IsUUID('all', { message: 'warehouse must be a valid id' })
  warehouse: string;
}
