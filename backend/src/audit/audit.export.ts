import { auditChangeText } from '@inventory/common';
import type { ExportColumn } from '../common/export/export-stream';
import type { AuditEventView, NamedAuditEvent } from './dto/audit.dto';

/** `price: 120 -> 135; name: A -> B`: an event's changes as one line, as the History panel writes each. */
export const changesText = (e: AuditEventView): string => e.changes.map(auditChangeText).join('; ');

/** The Audit Log screen's columns: the record by its name as well as its id, and names in place of ids in the changes. */
export const AUDIT_EXPORT_COLUMNS: ExportColumn<NamedAuditEvent>[] = [
  { header: 'Time', value: (e) => e.at, width: 24 },
  { header: 'User', value: (e) => e.user.name, width: 24 },
  { header: 'Role', value: (e) => e.user.role ?? '', width: 16 },
  { header: 'Action', value: (e) => e.action, width: 16 },
  { header: 'Record', value: (e) => e.entity, width: 14 },
  { header: 'Record name', value: (e) => e.record_name ?? '', width: 28 },
  { header: 'Record id', value: (e) => e.entity_id ?? '', width: 38 },
  { header: 'Changes', value: changesText, width: 60 },
  { header: 'Request id', value: (e) => e.request_id ?? '', width: 38 },
  { header: 'Client address', value: (e) => e.client_address ?? '', width: 18 },
];
